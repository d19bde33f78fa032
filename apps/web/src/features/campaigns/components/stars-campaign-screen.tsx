import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import { STARS_ERROR_KEYS, useGetStarsDetailQuery, useGetStarsParticipantsQuery, useLazyGetStarsLinkQuery } from '../api';
import { InviteLink } from './invite-link';
import styles from './campaigns.module.css';

/** What a failed stars call says: the spec's codes 8101/8102, anything else the generic failure. */
function useStarsError(error: unknown): string | null {
  const { t } = useTranslation();
  if (!error) return null;
  const key = STARS_ERROR_KEYS[apiErrorCode(error) ?? ''];
  return key ? t(key) : t('campaigns:load_error');
}

/** /main/stars-campaign (spec 001 §2): the link, friends who bought a package, raffle entries and the details. */
export function StarsCampaignScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.language.split('-')[0] ?? 'tr';
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const [generate, link] = useLazyGetStarsLinkQuery();
  const participants = useGetStarsParticipantsQuery();
  const detail = useGetStarsDetailQuery(language, { skip: !open });
  const participantsError = useStarsError(participants.error);
  const detailError = useStarsError(detail.error);
  const bought = participants.data ? [...participants.data.purchasedAndActivated, ...participants.data.purchasedOnly] : [];
  const entries = participants.data?.purchasedAndActivated ?? [];

  return (
    <div className={styles.page} data-testid="stars-campaign">
      <h1 className={styles.mobileTitle}>{t('campaigns:stars_title')}</h1>
      <section className={styles.card} aria-labelledby="stars-link-heading">
        <h2 className={styles.heading} id="stars-link-heading">
          {t('campaigns:your_link')}
        </h2>
        {link.isError ? (
          <p className={styles.error} role="alert" data-testid="stars-link-error">
            {t('campaigns:lb_stars_link_error')}
          </p>
        ) : link.data ? (
          <InviteLink url={link.data.url} withIntents={false} />
        ) : (
          <div>
            <Button onClick={() => void generate()} loading={link.isFetching} data-testid="stars-generate">
              {t('campaigns:generate_link')}
            </Button>
          </div>
        )}
      </section>

      {participants.isLoading ? <Spinner label={t('campaigns:loading')} /> : null}
      {participantsError ? (
        <p className={styles.error} role="alert">
          {participantsError}
        </p>
      ) : null}

      <section className={styles.card} aria-labelledby="stars-bought-heading">
        <h2 className={styles.heading} id="stars-bought-heading">
          {t('campaigns:bought_title')} <span className={styles.count}>({bought.length})</span>
        </h2>
        <p className={styles.text}>{t('campaigns:bought_description')}</p>
        {bought.length === 0 ? (
          <p className={styles.text} data-testid="stars-bought-empty">{t('campaigns:bought_empty')}</p>
        ) : (
          <ul className={styles.list} data-testid="stars-bought-list">
            {bought.map((p, i) => (
              <li className={styles.item} key={`${p.username}-${i}`}>
                {p.username}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.card} aria-labelledby="stars-entries-heading">
        <h2 className={styles.heading} id="stars-entries-heading">
          {t('campaigns:entries_title')} <span className={styles.count}>({entries.length})</span>
        </h2>
        <p className={styles.text}>{t('campaigns:entries_description')}</p>
        {entries.length === 0 ? (
          <p className={styles.text} data-testid="stars-entries-empty">{t('campaigns:entries_empty')}</p>
        ) : (
          <ul className={styles.list} data-testid="stars-entries-list">
            {entries.map((p, i) => (
              <li className={styles.item} key={`${p.username}-${i}`}>
                {p.username}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.card}>
        <h2 className={styles.heading}>
          <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((v) => !v)}>
            {t('campaigns:details_title')}
            <span aria-hidden="true">{open ? '−' : '+'}</span>
          </button>
        </h2>
        <div id={detailsId} hidden={!open}>
          {open && detail.isLoading ? <Spinner label={t('campaigns:loading')} /> : null}
          {detailError ? <p className={styles.error}>{detailError}</p> : null}
          {/* The operator's rich text is sanitised by the server on write (an allow-list of tags, checked links). */}
          {detail.data ? <div className={styles.details} data-testid="stars-details" dangerouslySetInnerHTML={{ __html: detail.data.content }} /> : null}
        </div>
      </section>
    </div>
  );
}
