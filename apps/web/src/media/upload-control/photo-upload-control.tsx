import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CloudUploadIcon } from '@/components/ui/icons';
import { useUploader } from '@/hooks/use-uploader';
import { readStorage, storageKeys } from '@/lib/storage-keys';
import styles from './photo-upload-control.module.css';

/**
 * "Upload photos" with the "Add to Family library" switch (issue 35), for the Photos screen (off by default) and the
 * Family library screen (on). Shared through media/ because the two screens' features do not import each other. The
 * switch is only there for someone in a family (the stored account flag; the server checks again).
 */
export function PhotoUploadControl({ familyByDefault = false }: { familyByDefault?: boolean }) {
  const { t } = useTranslation();
  const uploader = useUploader();
  const inFamily = readStorage(storageKeys.isFamilyMember) !== null;
  const [toFamily, setToFamily] = useState(familyByDefault);
  const hintId = useId();
  if (!uploader) return null;
  const familyLibrary = inFamily && toFamily;
  return (
    <div className={styles.control} data-testid="photo-upload-control">
      <Button
        variant="secondary"
        size="sm"
        startIcon={<CloudUploadIcon size={16} />}
        onClick={() => uploader.pickFiles(null, { familyLibrary })}
        data-testid="photo-upload-button"
      >
        {t('photos:upload_cta')}
      </Button>
      {inFamily ? (
        <label className={styles.toggle}>
          <input
            type="checkbox"
            role="switch"
            className={styles.switch}
            checked={toFamily}
            onChange={(event) => setToFamily(event.target.checked)}
            aria-describedby={hintId}
            data-testid="upload-family-toggle"
          />
          <span>{t('upload:family_toggle')}</span>
        </label>
      ) : null}
      {inFamily ? (
        <span id={hintId} className="visually-hidden">
          {t('upload:family_toggle_hint')}
        </span>
      ) : null}
    </div>
  );
}
