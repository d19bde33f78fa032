import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { DownloadIcon } from '@/components/ui/icons';
import type { FileItem } from '@/api/files';
import { flattenPages, ListingLoading } from '@/features/files/file-listing.public';
import { formatBytes } from '@/i18n/format';
import { FileKindIcon } from '@/media/thumbnail/file-kind-icon';
import { fileKind } from '@/media/thumbnail/file-kind';
import { safeUrl } from '@/media/viewer/inline-video';
import { editsInOfficeEditor, OfficeEditorSlot, useHasOfficeEditor } from '@/media/slots';
import { Spinner } from '@/components/ui/loader';
import { useDownloadSharedFilesMutation, useListSharedFilesInfiniteQuery, visitorHeaders } from '../api';
import { useSharedDownload } from '../hooks/use-shared-download';
import { FOLDER_PARAM, sharedFilesPath, useShareLink } from '../share-token';
import { LinkProblem } from './link-problem';
import styles from './shared-files.module.css';

/**
 * /sharedFiles/preview?token=…&uuid=…: one file of a link that the photo viewer does not show (documents, videos,
 * anything else): its preview picture when the server made one, its size, and Download.
 */
export function SharedPreviewScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const { token, unlock } = useShareLink();
  const uuid = params.get('uuid');
  const folder = params.get(FOLDER_PARAM) || null;
  const query = useListSharedFilesInfiniteQuery(
    token ? { ...visitorHeaders(token, unlock), parentFolderUuid: folder ?? undefined, sortBy: 'name', sortOrder: 'ASC' } : skipToken,
  );
  const items = useMemo(() => flattenPages(query.data?.pages as { fileList: FileItem[] }[] | undefined), [query.data]);
  const item = items.find((candidate) => candidate.uuid === uuid);
  const { download, downloading } = useSharedDownload();
  const { hasNextPage, isFetching, fetchNextPage } = query;
  const hasEditor = useHasOfficeEditor();
  const [downloadUrl] = useDownloadSharedFilesMutation();
  // Documents open in the editor, read-only, from the link's own download of the file (issue 33).
  const readOnlyUrl = useCallback(
    async () => (await downloadUrl({ ...visitorHeaders(token ?? '', unlock), body: { uuids: [uuid ?? ''] } }).unwrap()).url,
    [downloadUrl, token, unlock, uuid],
  );

  if (!token) return <LinkProblem kind="notFound" />;
  if (!item) {
    // Opened from a link or a reload: the file may be on a later page.
    if (query.isLoading || isFetching) return <ListingLoading />;
    if (hasNextPage) {
      void fetchNextPage();
      return <ListingLoading />;
    }
    return <LinkProblem kind="notFound" />;
  }

  const picture = safeUrl(item.previewUrl) ?? safeUrl(item.thumbnailUrl);
  const back = sharedFilesPath(token, '', folder ? { [FOLDER_PARAM]: folder } : {});
  return (
    <section className={styles.preview} aria-labelledby="shared-preview-name" data-testid="shared-preview">
      {hasEditor && editsInOfficeEditor(item.name) ? (
        <div className={styles.previewDocument}>
          <OfficeEditorSlot uuid={item.uuid} projectId={item.projectId} name={item.name} readOnlyUrl={readOnlyUrl} fallback={<Spinner size={32} />} />
        </div>
      ) : picture ? (
        <img className={styles.previewImage} src={picture} alt={item.name} />
      ) : (
        <FileKindIcon kind={fileKind(item)} size={64} large />
      )}
      <h2 id="shared-preview-name" className={styles.previewName}>
        <bdi>{item.name}</bdi>
      </h2>
      <p className={styles.previewMeta} dir="ltr">
        {formatBytes(item.bytes, i18n.language)}
      </p>
      <div className={styles.cardLinks}>
        <Button startIcon={<DownloadIcon size={18} />} onClick={() => void download([item.uuid])} loading={downloading} data-testid="shared-preview-download">
          {t('sharedFiles:download')}
        </Button>
        <Link to={back}>{t('sharedFiles:back_to_link')}</Link>
      </div>
    </section>
  );
}
