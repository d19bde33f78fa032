import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { RestoreIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { safeUrl } from '@/media/viewer/inline-video';
import { fileKind } from '@/media/thumbnail/file-kind';
import type { FileItem } from '@/api/files';
import styles from './files.module.css';

/**
 * A trashed photo or video, seen before deciding: the server's preview picture (a video's poster frame; trashed
 * files cannot be streamed) with a way to restore it.
 */
export function TrashPreview({ item, onClose, onRecover }: { item: FileItem | null; onClose: () => void; onRecover: (item: FileItem) => void }) {
  const { t } = useTranslation();
  const src = safeUrl(item?.previewUrl);
  const video = item ? fileKind(item) === 'video' : false;
  return (
    <Modal
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={<bdi>{item?.name}</bdi>}
      description={video ? t('files:trash_preview_video') : undefined}
      footer={
        item ? (
          <Button startIcon={<RestoreIcon size={18} />} onClick={() => onRecover(item)}>
            {t('files:recover')}
          </Button>
        ) : null
      }
      data-testid="trash-preview"
    >
      {src && item ? <img className={styles.trashPreviewImage} src={src} alt={item.name} /> : null}
    </Modal>
  );
}
