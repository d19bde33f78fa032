import { useCallback, useImperativeHandle, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoGroup } from '../api';
import { formatMonth } from '../dates';
import styles from './scrubber.module.css';

export interface ScrubberMonth {
  year: number;
  month: number;
  /** Offset of the month's first day in the list. */
  top: number;
}

/** The months of the timeline (newest first) and where each starts. */
export function monthsOf(groups: readonly PhotoGroup[], sectionTops: readonly number[]): ScrubberMonth[] {
  const months: ScrubberMonth[] = [];
  groups.forEach((group, index) => {
    const last = months[months.length - 1];
    if (!last || last.year !== group.year || last.month !== group.month) {
      months.push({ year: group.year, month: group.month, top: sectionTops[index] ?? 0 });
    }
  });
  return months;
}

/** Index of the month shown at a list offset (the last month starting at or above it). */
export function monthAt(months: readonly ScrubberMonth[], offset: number): number {
  let low = 0;
  let high = months.length - 1;
  let found = 0;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (months[mid]!.top <= offset) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

export interface DateScrubberHandle {
  /** The list scrolled to `offset`: move the thumb (no React render unless the month changes). */
  update(offset: number): void;
}

export interface DateScrubberProps {
  groups: readonly PhotoGroup[];
  sectionTops: readonly number[];
  totalHeight: number;
  onSeek(offset: number): void;
  handleRef?: Ref<DateScrubberHandle>;
}

/** Year labels closer than this share of the track to the previous one are left out. */
const LABEL_MIN_GAP = 0.05;

/**
 * A vertical date rail beside the timeline: drag (or click) to jump through months and years, the date
 * showing while dragging; as a slider it also moves by month (arrows), year (Page Up/Down), Home and End.
 */
export function DateScrubber({ groups, sectionTops, totalHeight, onSeek, handleRef }: DateScrubberProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trackRef = useRef<HTMLDivElement>(null);
  const thumbRef = useRef<HTMLDivElement>(null);
  const months = useMemo(() => monthsOf(groups, sectionTops), [groups, sectionTops]);
  const [current, setCurrent] = useState(0);
  const [drag, setDrag] = useState<{ fraction: number; month: number } | null>(null);
  const frame = useRef(0);

  const scrollable = () => Math.max(1, totalHeight - window.innerHeight);

  const placeThumb = useCallback((fraction: number) => {
    const thumb = thumbRef.current;
    if (thumb) thumb.style.insetBlockStart = `${Math.min(1, Math.max(0, fraction)) * 100}%`;
  }, []);

  useImperativeHandle(
    handleRef,
    () => ({
      update(offset: number) {
        placeThumb(offset / Math.max(1, totalHeight - window.innerHeight));
        const month = monthAt(months, offset + 1);
        setCurrent((previous) => (previous === month ? previous : month));
      },
    }),
    [months, totalHeight, placeThumb],
  );

  const seekFraction = (clientY: number) => {
    const track = trackRef.current;
    if (!track) return;
    const rect = track.getBoundingClientRect();
    const fraction = rect.height > 0 ? Math.min(1, Math.max(0, (clientY - rect.top) / rect.height)) : 0;
    const offset = fraction * scrollable();
    setDrag({ fraction, month: monthAt(months, offset + 1) });
    placeThumb(fraction);
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => onSeek(offset));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    seekFraction(event.clientY);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag) seekFraction(event.clientY);
  };
  const endDrag = () => setDrag(null);

  const goToMonth = (index: number) => {
    const target = Math.min(months.length - 1, Math.max(0, index));
    const month = months[target];
    if (!month) return;
    setCurrent(target);
    onSeek(month.top);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const year = months[current]?.year;
    let target: number | null = null;
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') target = current + 1;
    else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') target = current - 1;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = months.length - 1;
    else if (event.key === 'PageDown') {
      const next = months.findIndex((month, index) => index > current && month.year !== year);
      target = next >= 0 ? next : months.length - 1;
    } else if (event.key === 'PageUp') {
      // To the start of this year, or from there to the start of the newer year.
      const firstOfYear = months.findIndex((month) => month.year === year);
      const newerYear = months[current - 1]?.year;
      target = firstOfYear < current ? firstOfYear : newerYear === undefined ? 0 : months.findIndex((month) => month.year === newerYear);
    }
    if (target === null) return;
    event.preventDefault();
    goToMonth(target);
  };

  const years = useMemo(() => {
    const labels: { year: number; fraction: number }[] = [];
    const span = Math.max(1, totalHeight);
    months.forEach((month, index) => {
      if (index > 0 && months[index - 1]!.year === month.year) return;
      const fraction = Math.min(1, month.top / span);
      const previous = labels[labels.length - 1];
      if (previous && fraction - previous.fraction < LABEL_MIN_GAP) return;
      labels.push({ year: month.year, fraction });
    });
    return labels;
  }, [months, totalHeight]);

  if (months.length === 0) return null;
  const shown = months[drag ? drag.month : current]!;
  const label = formatMonth(shown.year, shown.month, language);

  return (
    <div className={styles.scrubber} data-testid="date-scrubber">
      <div
        ref={trackRef}
        className={styles.track}
        role="slider"
        tabIndex={0}
        aria-label={t('photos:scrubber_label')}
        aria-orientation="vertical"
        aria-valuemin={0}
        aria-valuemax={months.length - 1}
        aria-valuenow={drag ? drag.month : current}
        aria-valuetext={label}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
      >
        {years.map((entry) => (
          <span key={entry.year} className={styles.year} style={{ insetBlockStart: `${entry.fraction * 100}%` }} aria-hidden="true">
            {entry.year}
          </span>
        ))}
        <div ref={thumbRef} className={styles.thumb} aria-hidden="true">
          {drag ? (
            <span className={styles.bubble} data-testid="date-scrubber-bubble">
              {label}
            </span>
          ) : null}
        </div>
      </div>
    </div>
  );
}
