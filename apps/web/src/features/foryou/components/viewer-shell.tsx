import * as Dialog from '@radix-ui/react-dialog';
import type { KeyboardEvent, ReactNode } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { useForyouTranslation } from '../use-foryou-translation';
import styles from './viewer.module.css';

interface ViewerShellProps {
  /** The title shown at the top: the dialog's name. */
  title: string;
  meta?: string;
  onClose: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  /** Above the title (the story's progress bars). */
  top?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A full-screen dark dialog for an opened item: focus stays inside while it is open and goes back to the card that
 * opened it; Escape and the close button leave. Our own backdrop, not Dialog.Overlay (its scroll lock needs an inline
 * <style> the CSP blocks; see components/ui/modal.tsx).
 */
export function ViewerShell({ title, meta, onClose, onKeyDown, top, actions, children, 'data-testid': testId }: ViewerShellProps) {
  const { t } = useForyouTranslation();
  const returnFocus = useReturnFocus(true);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <div className={styles.backdrop} aria-hidden="true" />
        <Dialog.Content className={styles.shell} aria-describedby={undefined} onCloseAutoFocus={returnFocus} onKeyDown={onKeyDown} data-testid={testId}>
          <div className={styles.top}>
            {top}
            <div className={styles.bar}>
              <div className={styles.heading}>
                <Dialog.Title className={styles.title}>{title}</Dialog.Title>
                {meta ? <p className={styles.meta}>{meta}</p> : null}
              </div>
              <div className={styles.actions}>
                {actions}
                <Dialog.Close className={styles.iconButton} aria-label={t('foryou:close')}>
                  <CloseIcon size={22} />
                </Dialog.Close>
              </div>
            </div>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
