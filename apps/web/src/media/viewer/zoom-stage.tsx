import { useMemo, useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent, type WheelEvent } from 'react';
import { placeholderDataUrl } from '../media-item';
import type { FileItem } from '@/api/files';
import {
  clampPan,
  DOUBLE_TAP_MS,
  DOUBLE_TAP_SCALE,
  DOUBLE_TAP_SLOP_PX,
  FIT,
  swipeDirection,
  wheelScale,
  type ZoomState,
} from './zoom';
import styles from './viewer.module.css';

export interface ZoomStageProps {
  item: FileItem;
  src: string;
  zoom: ZoomState;
  onZoomChange: (zoom: ZoomState) => void;
  onSwipe: (direction: 'next' | 'previous') => void;
  onError: () => void;
}

interface Gesture {
  startX: number;
  startY: number;
  lastX: number;
  lastY: number;
  pinchDistance: number;
  pinchScale: number;
}

const distance = (points: { x: number; y: number }[]) => Math.hypot(points[0]!.x - points[1]!.x, points[0]!.y - points[1]!.y);

/**
 * The picture with its gestures: wheel and pinch zoom, drag to pan when zoomed, swipe to turn the page at fit size,
 * double-click or double-tap toggles zoom. Starts with the thumbhash painted in the picture's shape.
 */
export function ZoomStage({ item, src, zoom, onZoomChange, onSwipe, onError }: ZoomStageProps) {
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ at: number; x: number; y: number } | null>(null);
  const lastPointerType = useRef<string>('mouse');
  const [loaded, setLoaded] = useState(false);
  const placeholder = useMemo(() => placeholderDataUrl(item.placeholder), [item.placeholder]);
  const sized = Boolean(item.width && item.height && item.width > 0 && item.height > 0);

  const apply = (next: ZoomState) => {
    const rect = stage.current?.getBoundingClientRect();
    onZoomChange(clampPan(next, rect?.width ?? 0, rect?.height ?? 0));
  };

  const toggleZoom = () => apply(zoom.scale > 1 ? FIT : { scale: DOUBLE_TAP_SCALE, x: 0, y: 0 });

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    lastPointerType.current = event.pointerType;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...pointers.current.values()];
    gesture.current = {
      startX: event.clientX,
      startY: event.clientY,
      lastX: event.clientX,
      lastY: event.clientY,
      pinchDistance: points.length === 2 ? distance(points) : 0,
      pinchScale: zoom.scale,
    };
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...pointers.current.values()];
    const current = gesture.current;
    if (points.length === 2 && current.pinchDistance > 0) {
      apply({ ...zoom, scale: (current.pinchScale * distance(points)) / current.pinchDistance });
    } else if (points.length === 1 && zoom.scale > 1) {
      apply({ ...zoom, x: zoom.x + event.clientX - current.lastX, y: zoom.y + event.clientY - current.lastY });
    }
    current.lastX = event.clientX;
    current.lastY = event.clientY;
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const wasSingle = pointers.current.size === 1;
    pointers.current.delete(event.pointerId);
    const current = gesture.current;
    if (!current || !wasSingle) return;
    gesture.current = null;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (zoom.scale === 1) {
      const direction = swipeDirection(dx, dy, document.documentElement.dir === 'rtl');
      if (direction) {
        onSwipe(direction);
        return;
      }
    }
    // Touch has no dependable dblclick: two quick taps in one place toggle the zoom.
    if (event.pointerType === 'touch' && Math.hypot(dx, dy) < DOUBLE_TAP_SLOP_PX) {
      const now = event.timeStamp;
      const tap = lastTap.current;
      if (tap && now - tap.at < DOUBLE_TAP_MS && Math.hypot(event.clientX - tap.x, event.clientY - tap.y) < DOUBLE_TAP_SLOP_PX) {
        lastTap.current = null;
        toggleZoom();
      } else {
        lastTap.current = { at: now, x: event.clientX, y: event.clientY };
      }
    }
  };

  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    if (event.deltaY === 0) return;
    apply({ ...zoom, scale: wheelScale(zoom.scale, event.deltaY) });
  };

  const imageStyle = {
    ...(sized ? { aspectRatio: `${item.width} / ${item.height}` } : {}),
    ...(placeholder && !loaded ? { backgroundImage: `url("${placeholder}")` } : {}),
    transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})`,
  } as CSSProperties;

  return (
    <div
      ref={stage}
      className={`${styles.zoomStage} ${zoom.scale > 1 ? styles.zoomed : ''}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={(event) => {
        pointers.current.delete(event.pointerId);
        gesture.current = null;
      }}
      onWheel={onWheel}
      onDoubleClick={() => {
        if (lastPointerType.current !== 'touch') toggleZoom();
      }}
      data-testid="viewer-stage"
    >
      <img
        className={`${styles.image} ${sized ? styles.imageSized : ''} ${placeholder && !loaded ? styles.imageLoading : ''}`}
        src={src}
        alt={item.name}
        decoding="async"
        draggable={false}
        style={imageStyle}
        onLoad={() => setLoaded(true)}
        onError={onError}
        data-testid="viewer-image"
        data-scale={zoom.scale}
      />
    </div>
  );
}
