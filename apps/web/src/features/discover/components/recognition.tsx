import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch } from '@/state/hooks';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { ContactsIcon } from '@/components/ui/icons';
import { showToast } from '@/components/ui/toast-slice';
import { paths } from '@/config/paths';
import buttonStyles from '@/components/ui/button.module.css';
import { numberFormat } from '@/i18n/intl';
import { useGetFaceRecognitionQuery, useSetFaceRecognitionMutation, type FaceRecognition } from '../api';
import { useDiscoverTranslation } from '../use-discover-translation';
import styles from './discover.module.css';

/** How often the backfill's progress is asked for while it runs. */
export const PROGRESS_POLL_MS = 10_000;

/** Whether face analysis is under way: premium, on, and photos left to analyse. */
export const isAnalysing = (state: FaceRecognition | undefined): boolean =>
  Boolean(state && state.premium && state.enabled && state.done < state.total);

/** The recognition state, polled every 10 s while the account's photos are still being analysed. */
export function useFaceRecognition() {
  const [polling, setPolling] = useState(false);
  const query = useGetFaceRecognitionQuery(undefined, {
    pollingInterval: polling ? PROGRESS_POLL_MS : 0,
    // A plan bought a moment ago may have made the account premium: never show a cached "not premium".
    refetchOnMountOrArgChange: true,
  });
  const running = isAnalysing(query.data);
  useEffect(() => setPolling(running), [running]);
  return query;
}

/** Calls `refetch` whenever the analysis moves on (not on the first value), so people appear while it runs. */
export function useRefetchOnProgress(state: FaceRecognition | undefined, refetch: () => void) {
  const seen = useRef<number | null>(null);
  const done = state?.done ?? null;
  useEffect(() => {
    if (done === null) return;
    if (seen.current !== null && seen.current !== done) refetch();
    seen.current = done;
  }, [done, refetch]);
}

/** For an account without premium: what face grouping does, and the way to the packages. */
export function RecognitionTeaser() {
  const { t } = useDiscoverTranslation();
  return (
    <section className={styles.teaser} aria-labelledby="discover-teaser-title" data-testid="discover-teaser">
      <span className={styles.teaserFaces} aria-hidden="true">
        {[0, 1, 2].map((key) => (
          <span key={key} className={styles.teaserFace}>
            <ContactsIcon size={22} />
          </span>
        ))}
      </span>
      <div className={styles.teaserText}>
        <h2 id="discover-teaser-title" className={styles.teaserTitle}>
          {t('discover:teaser_title')}
        </h2>
        <p className={styles.muted}>{t('discover:teaser_text')}</p>
      </div>
      <Link to={paths.packages} className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.md}`}>
        {t('discover:upgrade')}
      </Link>
    </section>
  );
}

/** "Analysing 800 photos…" with a bar (its label "120 of 800"), while done < total. */
export function AnalysisProgress({ done, total }: { done: number; total: number }) {
  const { t, i18n } = useDiscoverTranslation();
  if (total <= 0 || done >= total) return null;
  const number = numberFormat(i18n.language);
  // The sentence names the whole batch and stays put while the bar moves, so a screen reader is not flooded.
  const text = t(total === 1 ? 'discover:analysing_photo' : 'discover:analysing_photos', { n: number.format(total) });
  const fraction = t('discover:analysing', {
    done: number.format(done),
    total: number.format(total),
  });
  return (
    <div className={styles.progress} role="status" data-testid="discover-progress">
      <span>{text}</span>
      <progress className={styles.progressBar} value={done} max={total} aria-label={fraction} />
    </div>
  );
}

/** The switch that turns face grouping on, or off after a confirmation (off deletes every face and name). */
export function RecognitionSwitch({ state }: { state: FaceRecognition }) {
  const { t } = useDiscoverTranslation();
  const dispatch = useAppDispatch();
  const [setRecognition, status] = useSetFaceRecognitionMutation();
  const [confirming, setConfirming] = useState(false);

  const apply = async (enabled: boolean) => {
    try {
      await setRecognition({ enabled }).unwrap();
      dispatch(
        showToast({
          kind: 'success',
          messageKey: enabled ? 'discover:recognition_on' : 'discover:recognition_off',
        }),
      );
    } catch {
      dispatch(showToast({ kind: 'error', messageKey: 'discover:action_error' }));
    }
  };

  return (
    <>
      <label className={styles.switchLabel}>
        <input
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={state.enabled}
          disabled={status.isLoading}
          onChange={(event) => (event.target.checked ? void apply(true) : setConfirming(true))}
          data-testid="recognition-switch"
        />
        {t('discover:recognition_label')}
      </label>
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title={t('discover:recognition_off_title')}
        description={t('discover:recognition_off_text')}
        confirmLabel={t('discover:recognition_off_confirm')}
        danger
        loading={status.isLoading}
        onConfirm={() => void apply(false).then(() => setConfirming(false))}
      />
    </>
  );
}
