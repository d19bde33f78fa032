import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import { showToast } from '@/components/ui/toast-slice';
import { initials } from '@/i18n/format';
import { useDeleteFileAclMutation, useListFileAclsQuery, type FileAcl } from '../api';
import { formatDay } from '../expiry';
import styles from './share-dialog.module.css';

/** Who has access to one item (the owner first) and, for the owner, a way to remove anyone else. */
export function AccessSection({ item }: { item: { uuid: string; projectId: string; name: string } }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const titleId = useId();
  const acls = useListFileAclsQuery({ projectId: item.projectId, uuid: item.uuid });
  const [deleteAcl] = useDeleteFileAclMutation();
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = async (acl: FileAcl) => {
    setRemoving(acl.subjectId);
    try {
      await deleteAcl({ projectId: item.projectId, uuid: item.uuid, subjectType: acl.subjectType, subjectId: acl.subjectId }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'shares:access_removed', values: { who: acl.name ?? acl.identifier } }));
    } catch {
      dispatch(showToast({ kind: 'error', messageKey: 'shares:access_remove_failed' }));
    } finally {
      setRemoving(null);
    }
  };

  const people = acls.data?.items ?? [];
  return (
    <section className={styles.section} aria-labelledby={titleId} data-testid="share-access">
      <h3 id={titleId} className={styles.sectionTitle}>
        {t('shares:access_title')}
      </h3>
      {acls.isLoading ? (
        <Spinner />
      ) : acls.isError ? (
        <p className={styles.error}>{t('shares:access_load_error')}</p>
      ) : (
        <ul className={styles.people} aria-labelledby={titleId}>
          {people.map((acl) => {
            const owner = acl.role === 'OWNER';
            const who = acl.name ?? acl.identifier;
            const detail = [
              acl.name ? acl.identifier : null,
              acl.subjectType === 'INVITATION' ? t('shares:access_pending') : null,
              acl.expirationDate ? t('shares:access_until', { date: formatDay(acl.expirationDate, i18n.language) }) : null,
            ].filter(Boolean);
            return (
              <li key={`${acl.subjectType}:${acl.subjectId}`} className={styles.person} data-testid="access-row">
                <span className={styles.avatar} aria-hidden="true">
                  {initials(acl.name, null, acl.identifier)}
                </span>
                <span className={styles.personText}>
                  <span className={styles.personName}>{who}</span>
                  {detail.length > 0 ? <span className={styles.personDetail}>{detail.join(' · ')}</span> : null}
                </span>
                <span className={styles.role}>{t(`shares:role_${acl.role}`)}</span>
                {!owner ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void remove(acl)}
                    loading={removing === acl.subjectId}
                    aria-label={t('shares:access_remove_label', { who })}
                  >
                    {t('shares:access_remove')}
                  </Button>
                ) : null}
              </li>
            );
          })}
          {people.length <= 1 ? <li className={styles.sectionText}>{t('shares:access_only_you')}</li> : null}
        </ul>
      )}
    </section>
  );
}
