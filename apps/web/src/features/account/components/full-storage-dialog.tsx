import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { isPathBuilt, paths } from '@/config/paths';

/** The full-storage dialog itself, loaded only when it opens (its dialog code is not part of every signed-in page). */
export function FullStorageDialog({ requested, percent, onDismiss }: { requested: boolean; percent: number; onDismiss: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const packagesBuilt = isPathBuilt(paths.packages);
  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!next) onDismiss();
      }}
      title={requested ? t('account:quota_exceeded_title') : t('account:full_storage_title')}
      description={requested ? t('account:quota_exceeded_text', { percent }) : t('account:full_storage_text', { percent })}
      data-testid="full-storage-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onDismiss}>
            {t('account:full_storage_dismiss')}
          </Button>
          {/* Confirm leads to /main/packages (spec §2); hidden only in a build without that screen. */}
          {packagesBuilt ? (
            <Button
              onClick={() => {
                onDismiss();
                navigate(paths.packages);
              }}
            >
              {t('account:full_storage_confirm')}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
