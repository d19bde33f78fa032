import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';
import { useReturnFocus } from './use-return-focus';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: ReactNode;
  /** Accessible description when there is no visible one. */
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Shown above the title (e.g. the brand logo). */
  media?: ReactNode;
  hideCloseButton?: boolean;
  className?: string;
  'data-testid'?: string;
}

/**
 * Centred dialog, 578 px wide (spec), with a close icon. The backdrop is our own element rather than
 * Dialog.Overlay, whose scroll lock injects a <style> tag that the server's CSP (style-src 'self') blocks.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  media,
  hideCloseButton,
  className,
  'data-testid': testId,
}: ModalProps) {
  const { t } = useTranslation();
  // Without a description Radix expects aria-describedby to be explicitly unset.
  const describedByProps = description ? {} : { 'aria-describedby': undefined };
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <div className={styles.backdrop} aria-hidden="true" />
        <Dialog.Content
          className={[styles.content, className].filter(Boolean).join(' ')}
          data-testid={testId}
          onCloseAutoFocus={returnFocus}
          {...describedByProps}
        >
          {!hideCloseButton ? (
            <Dialog.Close className={styles.close} aria-label={t('common:close')}>
              <CloseIcon />
            </Dialog.Close>
          ) : null}
          {media ? <div className={styles.media}>{media}</div> : null}
          {title ? (
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          ) : (
            <Dialog.Title className="visually-hidden">{t('common:dialog')}</Dialog.Title>
          )}
          {description ? <Dialog.Description className={styles.description}>{description}</Dialog.Description> : null}
          {children ? <div className={styles.body}>{children}</div> : null}
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
