import { useEffect, useState } from 'react';
import { useSupportTranslation } from '../use-support-translation';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/loader';
import { Modal } from '@/components/ui/modal';
import { useGetSupportConfigQuery, useGetSupportTicketMutation } from '../api';
import { CHAT_FRAME_PX, CHAT_SOURCE, chatFrameUrl } from '../support-rules';
import styles from './support.module.css';

export interface ChatDialogProps {
  onClose: () => void;
  userId: string;
  /** The stored language; the frame gets its first part. */
  language: string;
}

/**
 * Spec 000 §2 chat dialog: 578 wide, titled lifebox_support, a 600×600 frame on the configured chat address with a
 * fresh single-use ticket. The sandbox grants what a chat page needs: its scripts, its own origin (the API and its
 * session storage) and downloads of attachments; no top navigation, no pop-ups, no forms posted elsewhere.
 */
export function ChatDialog({ onClose, userId, language }: ChatDialogProps) {
  const { t } = useSupportTranslation();
  const config = useGetSupportConfigQuery();
  const [getTicket, ticket] = useGetSupportTicketMutation();
  const [attempt, setAttempt] = useState(0);

  // A ticket opens one session: every opening (and every retry) asks for a new one.
  useEffect(() => {
    void getTicket();
  }, [getTicket, attempt]);

  const base = config.data?.data.chatUrl;
  const token = ticket.data?.data.ticket;
  const failed = config.isError || ticket.isError;
  return (
    <Modal
      open
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={t('support:lifebox_support')}
      className={styles.chat}
      data-testid="chat-dialog"
    >
      <div className={styles.frameBox}>
        {failed ? (
          <div className={styles.frameError} role="alert">
            <p>{t('support:chat_error')}</p>
            <Button
              variant="secondary"
              onClick={() => {
                if (config.isError) void config.refetch();
                setAttempt((n) => n + 1);
              }}
            >
              {t('support:retry')}
            </Button>
          </div>
        ) : base && token ? (
          <iframe
            className={styles.frame}
            title={t('support:chat_frame_title')}
            src={chatFrameUrl(base, { userId, language, source: CHAT_SOURCE, ticket: token })}
            width={CHAT_FRAME_PX}
            height={CHAT_FRAME_PX}
            sandbox="allow-scripts allow-same-origin allow-downloads"
            referrerPolicy="no-referrer"
            data-testid="chat-frame"
          />
        ) : (
          <Spinner size={32} label={t('support:chat_loading')} />
        )}
      </div>
    </Modal>
  );
}
