import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAttachment } from './chat-api';
import type { ChatAttachment } from './types';
import styles from './chat.module.css';

/**
 * An attachment in the conversation: images drawn from their bytes (fetched with the session, shown through a blob
 * URL, so nothing is ever rendered as a page), anything else offered as a download.
 */
export function MessageAttachment({ attachment, session }: { attachment: ChatAttachment; session: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const isImage = attachment.mime.startsWith('image/');

  useEffect(() => {
    if (!isImage) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    fetchAttachment(session, attachment.id).then(
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
  }, [attachment.id, isImage, session]);

  const download = async () => {
    const blob = await fetchAttachment(session, attachment.id);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = attachment.name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  };

  return (
    <div className={styles.attachment}>
      {isImage && url ? <img src={url} alt={attachment.name} className={styles.image} /> : null}
      <button type="button" className={styles.fileName} onClick={() => void download()} aria-label={t('support:chat_open_attachment', { name: attachment.name })}>
        {attachment.name}
      </button>
    </div>
  );
}
