import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoreIcon } from '@/components/ui/icons';
import type { FileAction, FileActionKey } from '../file-actions';
import styles from './files.module.css';

export interface ItemMenuProps {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  actions: readonly FileAction[];
  onAction: (key: FileActionKey) => void;
}

/** The kebab button and dropdown of one row; the caller supplies the items. */
export function KebabMenu({
  name,
  open,
  onOpenChange,
  children,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    // Non-modal: the modal variant's scroll lock injects a <style> tag that the CSP blocks.
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className={styles.kebab} aria-label={t('files:item_menu', { name })} data-testid="item-menu">
          <MoreIcon size={18} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={4} collisionPadding={12}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The kebab menu of one item (right-click opens it too); its actions apply to the current selection. */
export function ItemMenu({ name, open, onOpenChange, actions, onAction }: ItemMenuProps) {
  const { t } = useTranslation();
  return (
    <KebabMenu name={name} open={open} onOpenChange={onOpenChange}>
      {actions.map((action) => {
        const Icon = action.icon;
        return (
          <DropdownMenu.Item
            key={action.key}
            className={`${styles.menuItem} ${action.danger ? styles.menuItemDanger : ''}`}
            onSelect={() => onAction(action.key)}
            data-testid={`menu-${action.key}`}
          >
            <Icon size={18} fill={action.key === 'unfavourite' ? 'currentColor' : 'none'} />
            {t(`files:${action.labelKey}`)}
          </DropdownMenu.Item>
        );
      })}
    </KebabMenu>
  );
}
