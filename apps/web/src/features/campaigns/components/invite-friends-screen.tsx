import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/loader';
import { formatBytes } from '@/i18n/format';
import { formatDate } from '@/i18n/dates';
import { useGetReferralQuery, type ReferralOverview } from '../api';
import { InviteLink } from './invite-link';
import styles from './campaigns.module.css';

type Friend = ReferralOverview['friends'][number];

const STATUS_KEYS = {
  JOINED: 'campaigns:status_joined',
  QUALIFIED: 'campaigns:status_qualified',
  REWARDED: 'campaigns:status_rewarded',
  CAPPED: 'campaigns:status_capped',
  REJECTED: 'campaigns:status_rejected',
} as const satisfies Record<Friend['status'], string>;

/** /main/inviteFriends: my personal link, the friends who joined (masked) and what I earned. */
export function InviteFriendsScreen() {
  const { t, i18n } = useTranslation();
  const language = i18n.language.split('-')[0] ?? 'tr';
  const { data, isLoading, isError } = useGetReferralQuery(language);
  if (isLoading) return <Spinner label={t('campaigns:loading')} />;
  if (isError || !data) return <p className={styles.error} role="alert">{t('campaigns:load_error')}</p>;
  const campaign = data.campaign;
  return (
    <div className={styles.page} data-testid="invite-friends">
      <h1 className={styles.mobileTitle}>{t('campaigns:invite_title')}</h1>
      <section className={styles.card} aria-labelledby="invite-link-heading">
        <h2 className={styles.heading} id="invite-link-heading">
          {t('campaigns:your_link')}
        </h2>
        {campaign ? (
          <p className={styles.text}>
            {campaign.title} — {t('campaigns:invite_reward', { size: formatBytes(campaign.rules.bonusBytes, language), cap: campaign.rules.monthlyCap })}
          </p>
        ) : (
          <p className={styles.text}>{t('campaigns:invite_no_campaign')}</p>
        )}
        <InviteLink url={data.url} />
      </section>
      <section className={styles.card} aria-labelledby="invite-earned-heading">
        <h2 className={styles.heading} id="invite-earned-heading">
          {t('campaigns:earned_title')}
        </h2>
        <p className={styles.figure} data-testid="invite-earned">
          {formatBytes(data.earnedBytes, language)}
        </p>
        <p className={styles.text}>{t('campaigns:earned_note')}</p>
      </section>
      <section className={styles.card} aria-labelledby="invite-friends-heading">
        <h2 className={styles.heading} id="invite-friends-heading">
          {t('campaigns:friends_title')} <span className={styles.count}>({data.friends.length})</span>
        </h2>
        {data.friends.length === 0 ? (
          <EmptyState title={t('campaigns:friends_empty')} description={t('campaigns:friends_empty_text')} />
        ) : (
          <ul className={styles.list} data-testid="invite-friends-list">
            {data.friends.map((friend, i) => (
              <li className={styles.item} key={`${friend.joinedAt}-${i}`}>
                <span>
                  {friend.username} · {formatDate(friend.joinedAt, language, 'day_month_short_year')}
                </span>
                <span className={styles.status}>
                  {t(STATUS_KEYS[friend.status])}
                  {friend.earnedBytes > 0 ? ` (+${formatBytes(friend.earnedBytes, language)})` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
