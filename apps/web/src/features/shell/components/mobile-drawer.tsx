import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/ui/icons';
import styles from './shell.module.css';

/** The side menu as a drawer under 768 px (own backdrop: Dialog.Overlay's scroll lock breaks the CSP). */
export function MobileDrawer({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <div className={styles.drawerBackdrop} aria-hidden="true" />
        <Dialog.Content className={styles.drawer} aria-describedby={undefined}>
          <Dialog.Title className="visually-hidden">{t('shell:menu_label')}</Dialog.Title>
          <Dialog.Close className={styles.drawerClose} aria-label={t('shell:close_menu')}>
            <CloseIcon size={20} />
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
