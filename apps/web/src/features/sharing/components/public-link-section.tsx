import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/state/hooks';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Checkbox, TextField } from '@/components/ui/field';
import { CheckIcon, LockIcon, ShareIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/loader';
import { showToast } from '@/components/ui/toast-slice';
import { copyText } from '@/lib/clipboard';
import {
  absoluteShareUrl,
  useCreatePublicShareMutation,
  useDeletePublicSharesMutation,
  useUpdatePublicShareExpirationMutation,
  useUpdatePublicSharePasswordMutation,
  useUpdatePublicShareShowNameMutation,
  type PublicShare,
} from '../api';
import { useExistingLink } from '../existing-link';
import { ExpiryField } from './expiry-field';
import styles from './share-dialog.module.css';

/** Copies a link and says so (a toast; the button shows a tick for a moment). */
export function useCopyLink() {
  const dispatch = useAppDispatch();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (share: Pick<PublicShare, 'url' | 'uuid'>) => {
    const ok = await copyText(absoluteShareUrl(share));
    dispatch(showToast(ok ? { kind: 'success', messageKey: 'shares:link_copied' } : { kind: 'error', messageKey: 'shares:link_copy_failed' }));
    if (ok) {
      setCopied(share.uuid);
      window.setTimeout(() => setCopied((current) => (current === share.uuid ? null : current)), 2_000);
    }
  };
  return { copy, copied };
}

/**
 * The public link of the items or album: create, copy, expiry, optional password, stop sharing. `live`: a person's or
 * a place's link (its photos as they are now and as they come), whose name the owner may keep from the visitors.
 */
export function PublicLinkSection({
  fileUuidList,
  isAlbum,
  live,
}: {
  fileUuidList: readonly string[];
  isAlbum: boolean;
  live?: 'album/person' | 'album/location';
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const titleId = useId();
  // What this dialog did to the link wins (undefined: nothing yet, so the link the items already have shows).
  const [own, setShare] = useState<PublicShare | null | undefined>(undefined);
  const existing = useExistingLink(fileUuidList, isAlbum, live);
  // Before the link exists: whether it will show the name (shown unless the owner says otherwise).
  const [showNameDraft, setShowNameDraft] = useState(true);
  const [updateShowName, updatingShowName] = useUpdatePublicShareShowNameMutation();
  const share = own === undefined ? existing.link : own;
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmStop, setConfirmStop] = useState(false);
  const [create, creating] = useCreatePublicShareMutation();
  const [updateExpiration, updatingExpiry] = useUpdatePublicShareExpirationMutation();
  const [updatePassword, updatingPassword] = useUpdatePublicSharePasswordMutation();
  const [remove, removing] = useDeletePublicSharesMutation();
  const { copy, copied } = useCopyLink();

  const fail = (messageKey: string) => dispatch(showToast({ kind: 'error', messageKey }));

  const createLink = async () => {
    try {
      // The server gives back my live link to exactly these items when there is one (one link per item, as Drive).
      const created = await create(
        live ? { fileUuidList: [...fileUuidList], isAlbum, contentType: live, showName: showNameDraft } : { fileUuidList: [...fileUuidList], isAlbum },
      ).unwrap();
      setShare(created);
      await copy(created);
    } catch {
      fail('shares:link_create_failed');
    }
  };

  const changeExpiry = async (expirationDate: string | null) => {
    if (!share) return;
    try {
      setShare(await updateExpiration({ uuid: share.uuid, expirationDate }).unwrap());
    } catch {
      fail('shares:link_update_failed');
    }
  };

  const savePassword = async (next: string | null) => {
    if (!share) return;
    try {
      setShare(await updatePassword({ uuid: share.uuid, password: next }).unwrap());
      setPasswordOpen(false);
      setPassword('');
      dispatch(showToast({ kind: 'success', messageKey: next ? 'shares:password_saved' : 'shares:password_removed' }));
    } catch {
      fail('shares:link_update_failed');
    }
  };

  const changeShowName = async (showName: boolean) => {
    if (!share) {
      setShowNameDraft(showName);
      return;
    }
    try {
      setShare(await updateShowName({ uuid: share.uuid, showName }).unwrap());
    } catch {
      fail('shares:link_update_failed');
    }
  };

  const showNameBox = live ? (
    <Checkbox
      label={live === 'album/person' ? t('shares:show_name_person') : t('shares:show_name_place')}
      checked={share ? share.showName : showNameDraft}
      disabled={updatingShowName.isLoading}
      onChange={(event) => void changeShowName(event.target.checked)}
      data-testid="link-show-name"
    />
  ) : null;

  const stop = async () => {
    if (!share) return;
    try {
      await remove({ uuids: [share.uuid] }).unwrap();
      setShare(null);
      setConfirmStop(false);
      dispatch(showToast({ kind: 'success', messageKey: 'shares:link_stopped' }));
    } catch {
      fail('shares:link_update_failed');
    }
  };

  return (
    <section className={styles.section} aria-labelledby={titleId} data-testid="share-public-link">
      <h3 id={titleId} className={styles.sectionTitle}>
        <ShareIcon size={18} />
        {t('shares:link_title')}
      </h3>
      {!share && own === undefined && existing.searching ? (
        <div className={styles.actions} data-testid="link-searching">
          <Spinner size={20} />
        </div>
      ) : !share && live ? (
        <>
          <p className={styles.sectionText}>{live === 'album/person' ? t('shares:link_text_person') : t('shares:link_text_place')}</p>
          {showNameBox}
          <div className={styles.actions}>
            <span />
            <Button onClick={() => void createLink()} loading={creating.isLoading} data-testid="link-create">
              {t('shares:link_create')}
            </Button>
          </div>
        </>
      ) : !share ? (
        <div className={styles.actions}>
          <p className={styles.sectionText}>{isAlbum ? t('shares:link_text_album') : t('shares:link_text')}</p>
          <Button onClick={() => void createLink()} loading={creating.isLoading} data-testid="link-create">
            {t('shares:link_create')}
          </Button>
        </div>
      ) : (
        <>
          <div className={styles.linkBox}>
            {/* An address reads left to right in Arabic too: its start (the site) shows first. */}
            <TextField
              label={t('shares:link_label')}
              value={absoluteShareUrl(share)}
              readOnly
              dir="ltr"
              onFocus={(event) => event.currentTarget.select()}
              data-testid="link-url"
            />
            <Button
              variant="secondary"
              startIcon={copied === share.uuid ? <CheckIcon size={18} /> : undefined}
              onClick={() => void copy(share)}
              data-testid="link-copy"
            >
              {copied === share.uuid ? t('shares:link_copied_short') : t('shares:link_copy')}
            </Button>
          </div>
          {showNameBox}
          <ExpiryField value={share.expirationDate} onChange={(value) => void changeExpiry(value)} busy={updatingExpiry.isLoading} />
          {passwordOpen ? (
            <form
              className={styles.row}
              onSubmit={(event) => {
                event.preventDefault();
                if (password) void savePassword(password);
              }}
            >
              <TextField
                className={styles.grow}
                type="password"
                label={t('shares:password_label')}
                hint={t('shares:password_hint')}
                value={password}
                autoComplete="new-password"
                onChange={(event) => setPassword(event.target.value)}
                autoFocus
              />
              <Button type="submit" disabled={!password} loading={updatingPassword.isLoading}>
                {t('shares:password_save')}
              </Button>
              <Button variant="ghost" onClick={() => setPasswordOpen(false)}>
                {t('common:cancel')}
              </Button>
            </form>
          ) : (
            <div className={styles.actions}>
              <span className={styles.meta}>
                <span>
                  <LockIcon size={14} /> {share.hasPassword ? t('shares:password_on') : t('shares:password_off')}
                </span>
              </span>
              <span className={styles.row}>
                {share.hasPassword ? (
                  <Button variant="ghost" onClick={() => void savePassword(null)} loading={updatingPassword.isLoading}>
                    {t('shares:password_remove')}
                  </Button>
                ) : null}
                <Button variant="secondary" onClick={() => setPasswordOpen(true)}>
                  {share.hasPassword ? t('shares:password_change') : t('shares:password_set')}
                </Button>
              </span>
            </div>
          )}
          <div className={styles.actions}>
            <span />
            <Button variant="danger" onClick={() => setConfirmStop(true)} data-testid="link-stop">
              {t('shares:link_stop')}
            </Button>
          </div>
        </>
      )}
      <ConfirmModal
        open={confirmStop}
        onOpenChange={setConfirmStop}
        title={t('shares:link_stop_title')}
        description={t('shares:link_stop_text')}
        confirmLabel={t('shares:link_stop')}
        onConfirm={() => void stop()}
        loading={removing.isLoading}
        danger
      />
    </section>
  );
}
