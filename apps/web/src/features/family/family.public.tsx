import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useGetFamilyQuery } from './api';
import { useFamilyTranslation } from './use-family-translation';
import styles from './components/family.module.css';

/**
 * The family card of the packages screen (W1 mounts it): an admin's seats and links to manage and invite; a member's
 * link to their share; anyone else, the invitations they may have received.
 */
export function FamilyEntry() {
  const { t } = useFamilyTranslation();
  const { data } = useGetFamilyQuery();
  if (!data) return null;
  const members = data.members.filter((m) => m.role === 'MEMBER').length;
  return (
    <section className={styles.entry} aria-labelledby="family-entry-heading" data-testid="family-entry">
      <h2 id="family-entry-heading" className={styles.heading}>
        {t('family:entry_title')}
      </h2>
      {data.role === 'ADMIN' ? <p className={styles.text}>{t('family:entry_admin', { count: members, max: data.maxMembers })}</p> : null}
      {data.role === 'MEMBER' ? <p className={styles.text}>{t('family:entry_member', { percent: data.me.usagePercent })}</p> : null}
      {data.role === null ? <p className={styles.text}>{t('family:entry_none')}</p> : null}
      <p className={styles.links}>
        {data.role !== null ? <Link to={paths.manageFamilyShare}>{t('family:entry_manage')}</Link> : null}
        {data.role === 'ADMIN' ? <Link to={paths.familyInvitation}>{t('family:entry_invite')}</Link> : null}
        {data.role === 'MEMBER' ? <Link to={paths.familyShareDetails}>{t('family:entry_details')}</Link> : null}
        {data.role === null ? <Link to={paths.familyInvitation}>{t('family:entry_invitations')}</Link> : null}
      </p>
    </section>
  );
}
