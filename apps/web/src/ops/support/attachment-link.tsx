import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getOpsToken } from '../api/session';
import type { SupportAttachment } from './types';
import styles from './support.module.css';

/** The bytes with the console token (header, never the address); the server sends them only as a download. */
async function attachmentBlob(id: string): Promise<Blob> {
  const response = await fetch(`/api/ops/support/attachments/${encodeURIComponent(id)}`, { headers: { 'X-Auth-Token': getOpsToken() ?? '' } });
  if (!response.ok) throw new Error(String(response.status));
  return response.blob();
}

/** An attachment in the conversation: images drawn from a blob URL, any file downloadable. */
export function AttachmentLink({ attachment }: { attachment: SupportAttachment }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const isImage = attachment.mime.startsWith('image/');
  useEffect(() => {
    if (!isImage) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    attachmentBlob(attachment.id).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [attachment.id, isImage]);
  const download = async () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(await attachmentBlob(attachment.id));
    link.download = attachment.name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  };
  return (
    <span className={styles.attachment}>
      {isImage && url ? <img src={url} alt={attachment.name} className={styles.image} /> : null}
      <button type="button" className={styles.linkButton} onClick={() => void download()}>
        {t('ops_support:download_attachment', { name: attachment.name })}
      </button>
    </span>
  );
}
