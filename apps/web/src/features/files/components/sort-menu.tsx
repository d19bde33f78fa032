import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { CheckIcon, SortIcon } from '@/components/ui/icons';
import type { SortArgs, SortBy, SortDirection } from '@/api/files';
import { SORT_DIRECTIONS, SORT_FIELDS } from '../sort';
import styles from './files.module.css';

export interface SortMenuProps {
  value: SortArgs;
  onChange: (next: SortArgs) => void;
}

/** Name, date or size, ascending or descending (default name ascending). */
export function SortMenu({ value, onChange }: SortMenuProps) {
  const { t } = useTranslation();
  const fieldLabel = t(`files:sort_${value.sortBy}`);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className={styles.toolButton}
          aria-label={t('files:sort_label', { field: fieldLabel, direction: t(`files:sort_${value.sortOrder}`) })}
          data-testid="sort-menu"
        >
          <SortIcon size={18} />
          <span className={styles.toolButtonText}>{fieldLabel}</span>
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6} collisionPadding={12}>
          <DropdownMenu.Label className={styles.menuLabel}>{t('files:sort_by')}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={value.sortBy} onValueChange={(next) => onChange({ ...value, sortBy: next as SortBy })}>
            {SORT_FIELDS.map((field) => (
              <DropdownMenu.RadioItem key={field} value={field} className={styles.menuItem} data-testid={`sort-${field}`}>
                <span className={styles.menuCheck}>
                  <DropdownMenu.ItemIndicator>
                    <CheckIcon size={16} />
                  </DropdownMenu.ItemIndicator>
                </span>
                {t(`files:sort_${field}`)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className={styles.menuSeparator} />
          <DropdownMenu.Label className={styles.menuLabel}>{t('files:sort_direction')}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={value.sortOrder} onValueChange={(next) => onChange({ ...value, sortOrder: next as SortDirection })}>
            {SORT_DIRECTIONS.map((direction) => (
              <DropdownMenu.RadioItem key={direction} value={direction} className={styles.menuItem} data-testid={`sort-${direction.toLowerCase()}`}>
                <span className={styles.menuCheck}>
                  <DropdownMenu.ItemIndicator>
                    <CheckIcon size={16} />
                  </DropdownMenu.ItemIndicator>
                </span>
                {t(`files:sort_${direction}`)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
