import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Spinner } from '@/components/ui/loader';
import { languageDirection } from '@/i18n/languages';
import { currentLanguage } from '@/i18n/i18n';
import { isSafeUrl } from '@/lib/safe-url';
import type { FileItem, ForyouItem } from '../api';
import { useItemTitles } from '../titles';
import { useItemActions } from '../use-item-actions';
import { useItemDetail } from '../use-item-detail';
import { useForyouTranslation } from '../use-foryou-translation';
import { PauseIcon, PlayIcon } from './icons';
import { ItemActions } from './item-actions';
import { ViewerShell } from './viewer-shell';
import styles from './viewer.module.css';

/** How long each photo of a story stays before the next. */
export const STORY_PAGE_MS = 5000;
/** How often the progress bar moves. */
const TICK_MS = 100;

/**
 * The story clock: which photo shows and how far through it we are, advancing every STORY_PAGE_MS while playing.
 * At the end it stops on the last photo; playing again starts over.
 */
function useStoryClock(count: number, paused: boolean) {
  const [index, setIndex] = useState(0);
  const [elapsed, setElapsed] = useState(0);
  const [ended, setEnded] = useState(false);
  const elapsedRef = useRef(0);

  const go = useCallback(
    (next: number) => {
      elapsedRef.current = 0;
      setElapsed(0);
      if (next >= count) {
        setIndex(Math.max(0, count - 1));
        elapsedRef.current = STORY_PAGE_MS;
        setElapsed(STORY_PAGE_MS);
        setEnded(true);
        return;
      }
      setEnded(false);
      setIndex(Math.max(0, next));
    },
    [count],
  );

  useEffect(() => {
    if (paused || ended || count === 0) return;
    const base = elapsedRef.current;
    const start = Date.now();
    const timer = setInterval(() => {
      const now = base + Date.now() - start;
      if (now >= STORY_PAGE_MS) go(index + 1);
      else {
        elapsedRef.current = now;
        setElapsed(now);
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [paused, ended, count, index, go]);

  return { index, progress: Math.min(1, elapsed / STORY_PAGE_MS), ended, go, restart: () => go(0) };
}

/** Loads the photo after the one showing, so the next page appears at once. */
function usePreload(photo: FileItem | undefined) {
  useEffect(() => {
    const url = photo?.previewUrl;
    if (!url || !isSafeUrl(url)) return;
    const image = new Image();
    image.src = url;
  }, [photo]);
}

/**
 * A years-ago memory, a story or a generated album played full screen: one photo at a time with progress bars at the
 * top, advancing every 5 s. Tap or click the start or end half (or press the arrow keys) to go back or on, Space or the
 * button to pause, Escape or the close button to leave. In right-to-left languages "on" is towards the left.
 */
export function StoryPlayer({ item, onClose }: { item: ForyouItem; onClose: () => void }) {
  const { t } = useForyouTranslation();
  const titles = useItemTitles();
  const detail = useItemDetail(item);
  const shown = detail.item ?? item;
  const photos = detail.photos.filter((photo) => photo.previewUrl && isSafeUrl(photo.previewUrl));
  const [paused, setPaused] = useState(false);
  const [holding, setHolding] = useState(false);
  const actions = useItemActions(shown, photos[0]?.projectId ?? null, onClose);
  // The story holds still while a question or the share dialog is open over it.
  const clock = useStoryClock(photos.length, paused || holding || actions.shareTarget !== null);
  const rtl = languageDirection(currentLanguage()) === 'rtl';
  usePreload(photos[clock.index + 1]);

  const togglePause = () => {
    if (clock.ended) {
      clock.restart();
      setPaused(false);
    } else setPaused((value) => !value);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Keys typed in the confirmation or share dialog are theirs (React bubbles them here through the portal).
    if (event.defaultPrevented || !(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) clock.go(clock.index + 1);
    else if (event.key === back) clock.go(clock.index - 1);
    else if (event.key === ' ' && !(event.target instanceof HTMLButtonElement)) togglePause();
    else return;
    event.preventDefault();
  };

  const current = photos[clock.index];
  const title = titles.title(shown);
  return (
    <ViewerShell
      title={title}
      meta={titles.meta(shown)}
      onClose={onClose}
      onKeyDown={onKeyDown}
      data-testid="story-player"
      top={
        <div className={styles.progress} aria-hidden="true" data-testid="story-progress">
          {photos.map((photo, position) => (
            <span key={photo.uuid} className={styles.track} data-state={position < clock.index ? 'done' : position === clock.index ? 'current' : 'upcoming'}>
              <span className={styles.fill} style={{ transform: `scaleX(${position < clock.index ? 1 : position === clock.index ? clock.progress : 0})` }} />
            </span>
          ))}
        </div>
      }
      actions={
        <>
          <button
            type="button"
            className={styles.iconButton}
            onClick={togglePause}
            aria-label={paused || clock.ended ? t('foryou:player_play') : t('foryou:player_pause')}
            data-testid="story-pause"
          >
            {paused || clock.ended ? <PlayIcon size={22} /> : <PauseIcon size={22} />}
          </button>
          <ItemActions item={shown} actions={actions} onConfirming={setHolding} />
        </>
      }
    >
      <div className={styles.stage}>
        {detail.isLoading ? (
          <Spinner size={40} label={t('common:loading')} />
        ) : detail.isError || !current ? (
          <p className={styles.stageMessage}>{t('foryou:load_error')}</p>
        ) : (
          <>
            <img key={current.uuid} className={styles.photo} src={current.previewUrl!} alt={current.name} decoding="async" />
            <p className="visually-hidden" aria-live="polite" data-testid="story-position">
              {t('foryou:player_position', { current: clock.index + 1, total: photos.length })}
            </p>
            <button type="button" className={`${styles.tap} ${styles.tapBack}`} onClick={() => clock.go(clock.index - 1)} aria-label={t('foryou:player_previous')} />
            <button type="button" className={`${styles.tap} ${styles.tapOn}`} onClick={() => clock.go(clock.index + 1)} aria-label={t('foryou:player_next')} />
          </>
        )}
      </div>
    </ViewerShell>
  );
}
