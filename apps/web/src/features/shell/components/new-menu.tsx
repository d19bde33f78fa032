import * as DropdownMenu from '@/components/ui/dropdown-menu';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import type { NewMenuEntry } from '../new-menu-entry';
import styles from './shell.module.css';

export interface NewMenuProps {
  entries: readonly NewMenuEntry[];
  variant: 'button' | 'icon';
  /** The page asked for the menu to open (query parameter uploadFile). */
  openRequested?: boolean;
  onOpenRequestHandled?: () => void;
}

/** NEW button (desktop) or add icon (mobile) opening the registered create actions. */
export function NewMenu({ entries, variant, openRequested = false, onOpenRequestHandled }: NewMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const hasEntries = entries.length > 0;

  useEffect(() => {
    if (!openRequested || !hasEntries) return;
    setOpen(true);
    onOpenRequestHandled?.();
  }, [openRequested, hasEntries, onOpenRequestHandled]);

  if (!hasEntries) return null;
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger asChild>
        {variant === 'button' ? (
          <Button startIcon={<PlusIcon size={18} />} data-testid="new-button">
            {t('shell:new')}
          </Button>
        ) : (
          <Button variant="ghost" iconOnly aria-label={t('shell:new')} data-testid="new-button-mobile">
            <PlusIcon />
          </Button>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.newMenu} align="end" sideOffset={8}>
          {entries.map((entry) => {
            const Icon = entry.icon;
            return (
              <DropdownMenu.Item key={entry.key} className={styles.newMenuItem} onSelect={entry.onSelect} data-testid={entry.testId}>
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
