import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { PlusIcon } from '../../../components/ui/icons';
import type { NewMenuEntry } from '../new-menu-entry';
import styles from './shell.module.css';

/** NEW button (desktop) or add icon (mobile) opening the registered create actions. */
export function NewMenu({ entries, variant }: { entries: readonly NewMenuEntry[]; variant: 'button' | 'icon' }) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        {variant === 'button' ? (
          <Button startIcon={<PlusIcon size={18} />} data-testid="new-button">
            {t('shell:new')}
          </Button>
        ) : (
          <Button variant="ghost" iconOnly aria-label={t('shell:new')} data-testid="add-icon">
            <PlusIcon />
          </Button>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.newMenu} align="end" sideOffset={8}>
          {entries.map((entry) => {
            const Icon = entry.icon;
            return (
              <DropdownMenu.Item key={entry.key} className={styles.newMenuItem} onSelect={entry.onSelect}>
                <Icon size={18} />
                {t(entry.labelKey as 'shell:new')}
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
