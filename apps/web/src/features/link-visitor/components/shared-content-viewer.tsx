import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '@/api/errors';
import { useGetSharedContentViewInProjectQuery, useGetSharedContentViewQuery } from '../api';
import styles from './shared-files.module.css';

/** The page to show: the answer, or the failure's own HTML page (errorData); null while there is none yet. */
function pageOf(data: unknown, error: unknown): string | null {
  if (typeof data === 'string') return data;
  if (isApiError(error) && typeof error.errorData === 'string' && error.errorData.trim()) return error.errorData;
  return null;
}

/**
 * /viewer/file/{uuid} and /viewer/file/{uuid}/{projectId}: the server's HTML rendering of a shared item, full screen
 * in a sandboxed frame that may run nothing: no allow-scripts, forms, popups or top navigation. It keeps our origin
 * (allow-same-origin) only so its signed media pass our `Cross-Origin-Resource-Policy: same-origin`; without scripts
 * that origin gives the page no power over the app or its storage.
 * An empty block while loading; a failure shows the page the server sent with it (not found, expired, no longer shared).
 */
export function SharedContentViewer() {
  const { t } = useTranslation();
  const { uuid = '', projectId } = useParams();
  const plain = useGetSharedContentViewQuery(projectId ? skipToken : { uuid });
  const inProject = useGetSharedContentViewInProjectQuery(projectId ? { uuid, projectId } : skipToken);
  const query = projectId ? inProject : plain;
  const html = pageOf(query.data, query.error);
  const failedWithoutPage = query.isError && html === null;

  useEffect(() => {
    document.title = t('common:document_title', { page: t('sharedFiles:viewer_title') });
  }, [t]);

  return (
    <div className={styles.viewerPage} data-testid="shared-content-viewer">
      {html !== null ? (
        <iframe className={styles.viewerFrame} sandbox="allow-same-origin allow-downloads" srcDoc={html} title={t('sharedFiles:viewer_title')} referrerPolicy="no-referrer" data-testid="shared-content-frame" />
      ) : failedWithoutPage ? (
        <p className={styles.cardText} role="alert">
          {t('sharedFiles:viewer_error')}
        </p>
      ) : (
        <div aria-busy="true" />
      )}
    </div>
  );
}
