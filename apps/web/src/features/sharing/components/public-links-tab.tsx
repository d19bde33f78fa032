import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/loader';
import { CheckIcon, EditIcon, LockIcon, PhotosIcon, ShareIcon, TrashIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { showToast } from '@/components/ui/toast-slice';
import { FileThumbnail } from '@/media/thumbnail/file-thumbnail';
import { fileKind } from '@/media/thumbnail/file-kind';
import { useDeletePublicSharesMutation, useListPublicSharesQuery, useUpdatePublicShareExpirationMutation, type PublicShare } from '../api';
import { DEFAULT_SHARE_PAGE_SIZE, type SharePageSize } from '../constants';
import { formatDay } from '../expiry';
import { ExpiryField } from './expiry-field';
import { PageControls } from './page-controls';
import { useCopyLink } from './public-link-section';
import rowList from '@/components/ui/row-list.module.css';
import styles from './shares.module.css';

/** My public links: name, item count, expiry; copy, change expiry, stop sharing. */
export function PublicLinksTab() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<SharePageSize>(DEFAULT_SHARE_PAGE_SIZE);
  const links = useListPublicSharesQuery({ page, size, sortBy: 'createdDate', sortOrder: 'DESC' });
  const [editing, setEditing] = useState<PublicShare | null>(null);
  const [stopping, setStopping] = useState<PublicShare | null>(null);
  const [updateExpiration, updating] = useUpdatePublicShareExpirationMutation();
  const [remove, removing] = useDeletePublicSharesMutation();
  const { copy, copied } = useCopyLink();

  const changeExpiry = async (share: PublicShare, expirationDate: string | null) => {
    try {
      setEditing(await updateExpiration({ uuid: share.uuid, expirationDate }).unwrap());
      dispatch(showToast({ kind: 'success', messageKey: 'shares:expiry_saved' }));
    } catch {
      dispatch(showToast({ kind: 'error', messageKey: 'shares:link_update_failed' }));
    }
  };

  const stop = async (share: PublicShare) => {
    try {
      await remove({ uuids: [share.uuid] }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'shares:link_stopped' }));
      setStopping(null);
    } catch {
      dispatch(showToast({ kind: 'error', messageKey: 'shares:link_update_failed' }));
    }
  };

  if (links.isLoading) return <Spinner />;
  if (links.isError) {
    return (
      <EmptyState
        title={t('shares:load_error')}
        action={<Button onClick={() => void links.refetch()}>{t('shares:retry')}</Button>}
        data-testid="shares-load-error"
      />
    );
  }
  const items = links.data?.items ?? [];
  const total = links.data?.totalCount ?? 0;
  if (total === 0) {
    return <EmptyState icon={<ShareIcon size={32} />} title={t('shares:public_empty_title')} description={t('shares:public_empty_text')} data-testid="public-links-empty" />;
  }

  return (
    <>
      <PageControls page={page} size={size} total={total} onPage={setPage} onSize={(next) => (setSize(next), setPage(0))} />
      <ul className={`${rowList.list} ${styles.list}`} aria-label={t('shares:tab_public')} aria-busy={links.isFetching || undefined}>
        {items.map((share) => {
          const first = share.items[0];
          // A person is named by its owner, or not yet: the row still says whose photos the link shows.
          const name = share.name || (share.contentType === 'album/person' ? t('shares:person_unnamed') : share.name);
          return (
            <li key={share.uuid} className={`${rowList.row} ${styles.item}`} data-testid="public-link-row" data-name={name}>
              <span className={styles.thumb}>
                {share.isAlbum ? (
                  <PhotosIcon size={28} />
                ) : first ? (
                  <FileThumbnail item={{ ...first, placeholder: null, mediaStatus: null, durationMs: null }} kind={fileKind(first)} variant="list" />
                ) : null}
              </span>
              <span className={styles.main}>
                <span className={styles.name}>
                  <bdi>{name}</bdi>
                </span>
                <span className={styles.details}>
                  <span>
                    {share.contentType === 'album/person'
                      ? t('shares:live_person', { count: share.itemCount })
                      : share.contentType === 'album/location'
                        ? t('shares:live_place', { count: share.itemCount })
                        : share.isAlbum
                          ? t('shares:album')
                          : t('shares:item_count', { count: share.itemCount })}
                  </span>
                  {share.expired ? (
                    <span className={styles.expired}>{t('shares:expired')}</span>
                  ) : (
                    <span>{share.expirationDate ? t('shares:expires_on', { date: formatDay(share.expirationDate, i18n.language) }) : t('shares:expiry_never')}</span>
                  )}
                  {share.hasPassword ? (
                    <span>
                      <LockIcon size={12} /> {t('shares:password_on')}
                    </span>
                  ) : null}
                </span>
              </span>
              <span className={styles.actions}>
                <button type="button" className={styles.iconButton} onClick={() => void copy(share)} aria-label={t('shares:link_copy_named', { name })} title={t('shares:link_copy')}>
                  {copied === share.uuid ? <CheckIcon size={18} /> : <ShareIcon size={18} />}
                </button>
                <button type="button" className={styles.iconButton} onClick={() => setEditing(share)} aria-label={t('shares:expiry_change_named', { name })} title={t('shares:expiry_change')}>
                  <EditIcon size={18} />
                </button>
                <button
                  type="button"
                  className={`${styles.iconButton} ${styles.danger}`}
                  onClick={() => setStopping(share)}
                  aria-label={t('shares:link_stop_named', { name })}
                  title={t('shares:link_stop')}
                >
                  <TrashIcon size={18} />
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <Modal open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))} title={t('shares:expiry_change')} description={editing?.name}>
        {editing ? <ExpiryField value={editing.expirationDate} onChange={(value) => void changeExpiry(editing, value)} busy={updating.isLoading} /> : null}
      </Modal>
      <ConfirmModal
        open={stopping !== null}
        onOpenChange={(open) => (open ? undefined : setStopping(null))}
        title={t('shares:link_stop_title')}
        description={t('shares:link_stop_text')}
        confirmLabel={t('shares:link_stop')}
        onConfirm={() => stopping && void stop(stopping)}
        loading={removing.isLoading}
        danger
      />
    </>
  );
}
