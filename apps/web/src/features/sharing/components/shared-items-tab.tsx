import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAccountInfoQuery } from '@/api/account';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { EmptyState } from '@/components/ui/empty-state';
import { ContactsIcon, DownloadIcon, LogoutIcon, ShareIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { showToast } from '@/components/ui/toast-slice';
import { useFileActions } from '@/media/actions/use-file-actions';
import { ShareSlot, type ShareTarget } from '@/media/slots';
import { FileThumbnail } from '@/media/thumbnail/file-thumbnail';
import { fileKind } from '@/media/thumbnail/file-kind';
import { useDeleteFileAclMutation, useListSharesQuery, type SharedFileItem } from '../api';
import { DEFAULT_SHARE_PAGE_SIZE, type SharePageSize } from '../constants';
import { formatDay } from '../expiry';
import { PageControls } from './page-controls';
import rowList from '@/components/ui/row-list.module.css';
import styles from './shares.module.css';

export interface SharedItemsTabProps {
  mode: 'withMe' | 'byMe';
  /** A folder or file of the list was opened (folders browse in place, photos open in the viewer). */
  onOpen: (item: SharedFileItem, siblings: readonly SharedFileItem[]) => void;
}

/** Shared with me (owner, my role, date; leave) or shared by me (how many people; manage access). */
export function SharedItemsTab({ mode, onOpen }: SharedItemsTabProps) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<SharePageSize>(DEFAULT_SHARE_PAGE_SIZE);
  const query = mode === 'withMe' ? { sharedWith: 'me' as const } : { sharedBy: 'me' as const };
  const shares = useListSharesQuery({ ...query, page, size, sortBy: 'sharedDate', sortOrder: 'DESC', objectType: 'FILE' });
  const me = useGetAccountInfoQuery();
  const [deleteAcl, leaving] = useDeleteFileAclMutation();
  const [leavingItem, setLeavingItem] = useState<SharedFileItem | null>(null);
  const [managing, setManaging] = useState<ShareTarget | null>(null);
  const { download, busy } = useFileActions();

  const leave = async (item: SharedFileItem) => {
    if (!me.data) return;
    try {
      await deleteAcl({ projectId: item.projectId, uuid: item.uuid, subjectType: 'USER', subjectId: me.data.uuid }).unwrap();
      dispatch(showToast({ kind: 'success', messageKey: 'shares:left', values: { name: item.name } }));
      setLeavingItem(null);
    } catch {
      dispatch(showToast({ kind: 'error', messageKey: 'shares:leave_failed' }));
    }
  };

  if (shares.isLoading) return <Spinner />;
  if (shares.isError) {
    return (
      <EmptyState
        title={t('shares:load_error')}
        action={<Button onClick={() => void shares.refetch()}>{t('shares:retry')}</Button>}
        data-testid="shares-load-error"
      />
    );
  }
  const items = shares.data?.items ?? [];
  const total = shares.data?.totalCount ?? 0;
  if (total === 0) {
    return mode === 'withMe' ? (
      <EmptyState icon={<ContactsIcon size={32} />} title={t('shares:with_me_empty_title')} description={t('shares:with_me_empty_text')} data-testid="with-me-empty" />
    ) : (
      <EmptyState icon={<ShareIcon size={32} />} title={t('shares:by_me_empty_title')} description={t('shares:by_me_empty_text')} data-testid="by-me-empty" />
    );
  }

  return (
    <>
      <PageControls page={page} size={size} total={total} onPage={setPage} onSize={(next) => (setSize(next), setPage(0))} />
      <ul className={`${rowList.list} ${styles.list}`} aria-label={mode === 'withMe' ? t('shares:tab_with_me') : t('shares:tab_by_me')} aria-busy={shares.isFetching || undefined}>
        {items.map((item) => {
          const kind = fileKind(item);
          return (
            <li key={`${item.projectId}:${item.uuid}`} className={`${rowList.row} ${styles.item}`} data-testid="shared-item-row" data-name={item.name}>
              <span className={styles.thumb}>
                <FileThumbnail item={item} kind={kind} variant="list" />
              </span>
              <span className={styles.main}>
                <button type="button" className={styles.name} onClick={() => onOpen(item, items)} aria-label={t('shares:open_named', { name: item.name, kind: t(`files:kind_${kind}`) })}>
                  <bdi>{item.name}</bdi>
                </button>
                <span className={styles.details}>
                  {mode === 'withMe' ? <span>{t('shares:owner', { name: item.share.ownerName })}</span> : <span>{t('shares:people_count', { count: item.share.inviteeCount })}</span>}
                  {mode === 'withMe' ? <span>{t(`shares:role_${item.share.role}`)}</span> : null}
                  <span>{t('shares:shared_on', { date: formatDay(item.share.sharedDate, i18n.language) })}</span>
                  {item.share.expirationDate ? <span>{t('shares:access_until', { date: formatDay(item.share.expirationDate, i18n.language) })}</span> : null}
                </span>
              </span>
              <span className={styles.actions}>
                {!item.folder ? (
                  <button
                    type="button"
                    className={styles.iconButton}
                    onClick={() => void download([item])}
                    disabled={busy}
                    aria-label={t('shares:download_named', { name: item.name })}
                    title={t('shares:download')}
                  >
                    <DownloadIcon size={18} />
                  </button>
                ) : null}
                {mode === 'withMe' ? (
                  <Button variant="ghost" size="sm" startIcon={<LogoutIcon size={16} />} onClick={() => setLeavingItem(item)} aria-label={t('shares:leave_named', { name: item.name })}>
                    {t('shares:leave')}
                  </Button>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setManaging({ kind: 'items', items: [item] })}
                    aria-label={t('shares:manage_named', { name: item.name })}
                  >
                    {t('shares:manage')}
                  </Button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <ConfirmModal
        open={leavingItem !== null}
        onOpenChange={(open) => (open ? undefined : setLeavingItem(null))}
        title={t('shares:leave_title', { name: leavingItem?.name ?? '' })}
        description={t('shares:leave_text')}
        confirmLabel={t('shares:leave')}
        onConfirm={() => leavingItem && void leave(leavingItem)}
        loading={leaving.isLoading}
        danger
        data-testid="leave-confirm"
      />
      {managing ? <ShareSlot open target={managing} onOpenChange={(open) => (open ? undefined : setManaging(null))} /> : null}
    </>
  );
}
