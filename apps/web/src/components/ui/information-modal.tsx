import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from './button';
import { Logo } from './logo';
import { Modal } from './modal';
import styles from './information-modal.module.css';

export interface InformationModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** i18n key ("ns:key") of the title. */
  titleKey?: string;
  /** i18n key of the content; basic markup (<strong>, <br/>, <p>, <i>) in our own strings is rendered. */
  contentKey?: string;
  /** Pre-rendered content (e.g. sanitised server HTML) instead of a key. */
  content?: ReactNode;
  /** i18n key of the OK button label; default common:ok. */
  okLabelKey?: string;
  onOk?: () => void;
  /** The telesales channel shows no brand logo and a plainer style. */
  salesChannel?: string;
  'data-testid'?: string;
}

/** Centred information dialog: optional title and content, close icon, OK button. */
export function InformationModal({
  open,
  onOpenChange,
  titleKey,
  contentKey,
  content,
  okLabelKey = 'common:ok',
  onOk,
  salesChannel,
  'data-testid': testId,
}: InformationModalProps) {
  const { t } = useTranslation();
  const isTelesales = salesChannel === 'telesales';
  // Keys arrive at run time, so they are cast to the typed key union of i18next.
  const tKey = (key: string) => t(key as 'common:ok');
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={titleKey ? tKey(titleKey) : undefined}
      media={isTelesales ? undefined : <Logo size={40} />}
      className={isTelesales ? styles.telesales : undefined}
      data-testid={testId}
      footer={
        <Button
          onClick={() => {
            onOk?.();
            onOpenChange(false);
          }}
        >
          {tKey(okLabelKey)}
        </Button>
      }
    >
      {contentKey || content ? (
        <div className={styles.content}>
          {contentKey ? <Trans i18nKey={contentKey as 'common:ok'} t={t} /> : content}
        </div>
      ) : null}
    </Modal>
  );
}
