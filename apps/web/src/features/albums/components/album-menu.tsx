import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon, EditIcon, EyeOffIcon, MoreIcon, RestoreIcon, TrashIcon } from '@/components/ui/icons';
import type { AlbumActionKey } from '../album-menu-actions';
import styles from './albums.module.css';

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;

const ACTION_VIEW = {
  rename: { labelKey: 'albums:action_rename', icon: EditIcon },
  download: { labelKey: 'albums:action_download', icon: DownloadIcon },
  hide: { labelKey: 'albums:action_hide', icon: EyeOffIcon },
  trash: { labelKey: 'albums:action_trash', icon: TrashIcon, danger: true },
  recover: { labelKey: 'albums:action_recover', icon: RestoreIcon },
  deleteForever: { labelKey: 'albums:action_delete_forever', icon: TrashIcon, danger: true },
} as const satisfies Record<AlbumActionKey, { labelKey: string; icon: Icon; danger?: boolean }>;

export interface AlbumMenuProps {
  label: string;
  actions: readonly AlbumActionKey[];
  onAction: (key: AlbumActionKey) => void;
  disabled?: boolean;
  /** The trigger's look: a round button on a card, or a plain one in a toolbar. */
  variant?: 'card' | 'toolbar';
}

/** The kebab menu of one album. */
export function AlbumMenu({ label, actions, onAction, disabled, variant = 'card' }: AlbumMenuProps) {
  const { t } = useTranslation();
  return (
    // Non-modal: the modal variant's scroll lock injects a <style> tag that the CSP blocks.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className={variant === 'card' ? styles.cardMenu : styles.toolbarButton}
          aria-label={t('albums:album_menu', { name: label })}
          disabled={disabled}
          data-testid="album-menu"
        >
          <MoreIcon size={18} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={4} collisionPadding={12}>
          {actions.map((key) => {
            const view: { labelKey: (typeof ACTION_VIEW)[AlbumActionKey]['labelKey']; icon: Icon; danger?: boolean } = ACTION_VIEW[key];
            const ActionIcon = view.icon;
            return (
              <DropdownMenu.Item
                key={key}
                className={`${styles.menuItem} ${view.danger ? styles.menuItemDanger : ''}`}
                onSelect={() => onAction(key)}
                data-testid={`album-action-${key}`}
              >
                <ActionIcon size={18} />
                {t(view.labelKey)}
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
