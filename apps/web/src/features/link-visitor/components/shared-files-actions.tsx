import { useTranslation } from 'react-i18next';
import { useMatch } from 'react-router';
import { Button } from '@/components/ui/button';
import { CloudUploadIcon, DownloadIcon } from '@/components/ui/icons';
import { useSelectedUuids } from '@/features/files/file-listing.public';
import { useGetSharedListQuery, visitorHeaders } from '../api';
import { useSaveShared } from '../hooks/use-save-shared';
import { useSharedDownload } from '../hooks/use-shared-download';
import { useShareLink } from '../share-token';
import styles from './shared-files.module.css';

/**
 * The shared-files header buttons (spec 000 §2): "Save to Bulut", and Download while items are selected or Download
 * All while none is. Only on the link's own page, once the link has opened.
 */
export function SharedFilesActions({ variant }: { variant: 'button' | 'icon' }) {
  const { t } = useTranslation();
  const onLanding = useMatch('/sharedFiles') !== null;
  const { token, unlock } = useShareLink();
  const link = useGetSharedListQuery(token ? visitorHeaders(token, unlock) : undefined!, { skip: !token || !onLanding });
  const selected = useSelectedUuids();
  const { request, saving } = useSaveShared();
  const { download, downloading } = useSharedDownload();
  if (!token || !onLanding || !link.isSuccess || link.data.itemCount === 0) return null;
  const size = variant === 'icon' ? 'sm' : 'md';
  return (
    <div className={styles.actions} data-testid="shared-files-actions">
      <Button size={size} startIcon={<CloudUploadIcon size={18} />} onClick={() => request(selected)} loading={saving} data-testid="save-to-bulut">
        {t('sharedFiles:save_to_bulut')}
      </Button>
      <Button
        size={size}
        variant="secondary"
        startIcon={<DownloadIcon size={18} />}
        onClick={() => void download(selected)}
        loading={downloading}
        data-testid="shared-download"
      >
        {selected.length > 0 ? t('sharedFiles:download_selected', { count: selected.length }) : t('sharedFiles:download_all')}
      </Button>
    </div>
  );
}
