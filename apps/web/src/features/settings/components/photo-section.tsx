import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountInfo } from '@/api/account';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { AccountAvatar } from '@/features/account/account-avatar.public';
import { useRemoveProfilePhotoMutation, useUploadProfilePhotoMutation } from '../api';
import { useErrorText } from '../hooks/use-messages';
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES } from '../validation';
import { SettingsSection } from './settings-section';
import styles from './settings.module.css';

/** The profile photo shown on the account card and avatar: upload (re-encoded by the server) or remove. */
export function PhotoSection({ info }: { info: AccountInfo }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [upload, uploadState] = useUploadProfilePhotoMutation();
  const [remove, removeState] = useRemoveProfilePhotoMutation();

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    // HEIC often arrives without a type; the server checks the bytes anyway.
    if (file.type && !(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) {
      setError(t('settings:photo_wrong_type'));
      return;
    }
    if (file.size > PROFILE_PHOTO_MAX_BYTES) {
      setError(t('settings:photo_too_large'));
      return;
    }
    try {
      await upload(file).unwrap();
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <SettingsSection id="profile-photo" title={t('settings:photo_heading')} text={t('settings:photo_text')}>
      <div className={styles.photoRow}>
        <AccountAvatar info={info} size={72} />
        <div className={styles.photoActions}>
          <input
            ref={input}
            type="file"
            accept={PROFILE_PHOTO_TYPES.join(',')}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={handleFile}
            data-testid="profile-photo-input"
          />
          <Button variant="secondary" size="sm" onClick={() => input.current?.click()} loading={uploadState.isLoading}>
            {info.url ? t('settings:photo_replace') : t('settings:photo_upload')}
          </Button>
          {info.url ? (
            <Button variant="ghost" size="sm" onClick={() => setConfirmRemove(true)}>
              {t('settings:photo_remove')}
            </Button>
          ) : null}
        </div>
      </div>
      <p className={styles.muted}>{t('settings:photo_hint')}</p>
      {error ? (
        <Alert tone="error" className={styles.inlineAlert}>
          {error}
        </Alert>
      ) : null}
      <ConfirmModal
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title={t('settings:photo_remove_title')}
        description={t('settings:photo_remove_text')}
        confirmLabel={t('settings:photo_remove')}
        danger
        loading={removeState.isLoading}
        onConfirm={async () => {
          try {
            await remove().unwrap();
            setConfirmRemove(false);
          } catch (failure) {
            setConfirmRemove(false);
            setError(errorText(failure));
          }
        }}
      />
    </SettingsSection>
  );
}
