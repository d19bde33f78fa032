import { useCallback, useEffect, useRef, type PointerEvent } from 'react';

/** How long a finger rests on a row before it counts as a long press (Android's default is 400–500 ms). */
export const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;

/**
 * Touch long-press: calls `onLongPress` after the finger rests on the element, and reports that the click which
 * follows the finger lifting must be ignored (it would otherwise open the item just selected).
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  const onPointerDown = (event: PointerEvent) => {
    fired.current = false;
    if (event.pointerType !== 'touch') return;
    cancel();
    start.current = { x: event.clientX, y: event.clientY };
    timer.current = setTimeout(() => {
      timer.current = null;
      fired.current = true;
      onLongPress();
    }, LONG_PRESS_MS);
  };

  const onPointerMove = (event: PointerEvent) => {
    const from = start.current;
    if (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > MOVE_TOLERANCE_PX) cancel();
  };

  /** True once for the click that ends a long press. */
  const consumeClick = () => {
    const was = fired.current;
    fired.current = false;
    return was;
  };

  /** A finger is on the element (touch browsers raise `contextmenu` during a long press). */
  const touching = () => start.current !== null || fired.current;

  return { handlers: { onPointerDown, onPointerMove, onPointerUp: cancel, onPointerCancel: cancel }, consumeClick, touching };
}
