import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasSession } from '@/api/session';
import { loginReturningTo, paths } from '@/config/paths';
import { Spinner } from '@/components/ui/loader';
import { formatDate } from '@/i18n/dates';
import { useGetRaffleQuery, useGetRaffleRightsQuery } from '../api';
import styles from './campaigns.module.css';

/** /cekilis-hakki: the campaign for everyone; a visitor gets a sign-in button, a subscriber their raffle rights. */
export function RaffleScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.language.split('-')[0] ?? 'tr';
  const signedIn = hasSession();
  const raffle = useGetRaffleQuery(language);
  const rights = useGetRaffleRightsQuery(language, { skip: !signedIn });
  const campaign = raffle.data?.campaign ?? null;
  const date = (value: string) => formatDate(value, language, 'day_month_year');

  return (
    <main className={styles.raffleShell}>
      <div className={styles.page} data-testid="raffle">
        <h1 className={styles.heading}>{t('campaigns:raffle_title')}</h1>
        {raffle.isLoading ? <Spinner label={t('campaigns:loading')} /> : null}
        {raffle.isError ? <p className={styles.error} role="alert">{t('campaigns:load_error')}</p> : null}
        {raffle.data && !campaign ? <p className={styles.text}>{t('campaigns:lb_stars_no_active_campaign')}</p> : null}
        {campaign ? (
          <section className={styles.card} aria-labelledby="raffle-campaign">
            <h2 className={styles.heading} id="raffle-campaign">
              {campaign.title}
            </h2>
            {campaign.summary ? <p className={styles.text}>{campaign.summary}</p> : null}
            <p className={styles.text}>
              {t('campaigns:raffle_period', { from: date(campaign.startsAt), to: date(campaign.endsAt) })}
              {campaign.drawAt ? ` · ${t('campaigns:raffle_draw_date', { date: date(campaign.drawAt) })}` : ''}
            </p>
            {/* Sanitised by the server on write (an allow-list of tags, checked links). */}
            {campaign.content ? <div className={styles.details} dangerouslySetInnerHTML={{ __html: campaign.content }} /> : null}
          </section>
        ) : null}
        {signedIn ? (
          <section className={styles.card} aria-labelledby="raffle-rights">
            <h2 className={styles.heading} id="raffle-rights">
              {t('campaigns:raffle_rights_title')}
            </h2>
            {rights.isLoading ? <Spinner label={t('campaigns:loading')} /> : null}
            {rights.data ? (
              <>
                <p className={styles.figure} data-testid="raffle-rights-count">
                  {(rights.data.stars?.rights ?? 0) + rights.data.draws.length}
                </p>
                {rights.data.stars ? (
                  <p className={styles.text}>{t('campaigns:raffle_stars_rights', { count: rights.data.stars.rights, title: rights.data.stars.title })}</p>
                ) : null}
                {rights.data.draws.length > 0 ? (
                  <ul className={styles.list}>
                    {rights.data.draws.map((d) => (
                      <li className={styles.item} key={`${d.campaignId}-${d.enteredAt}`}>
                        <span>{t('campaigns:raffle_draw_entry', { date: date(d.enteredAt) })}</span>
                        <span className={styles.status}>
                          {d.won === null ? t('campaigns:raffle_draw_pending', { date: date(d.drawAt) }) : d.won ? t('campaigns:raffle_won') : t('campaigns:raffle_not_won')}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </>
            ) : null}
          </section>
        ) : (
          <section className={styles.card}>
            <p className={styles.text}>{t('campaigns:raffle_sign_in_text')}</p>
            <div>
              <Link className={styles.intent} to={loginReturningTo(paths.raffle)} data-testid="raffle-sign-in">
                {t('campaigns:raffle_sign_in')}
              </Link>
            </div>
          </section>
        )}
      </div>
    </main>
  );
}
