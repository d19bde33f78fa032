import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { useAppDispatch } from '@/state/hooks';
import { ChevronStartIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import type { MenuItem } from '@/lib/menu-item';
import { changeOpenedFolders, type MenuSize } from '@/state/ui-slice';
import styles from './shell.module.css';

export interface SideMenuProps {
  items: readonly MenuItem[];
  size: MenuSize;
  /** The drawer variant is always large and has no size toggle. */
  variant: 'desktop' | 'drawer';
  onToggleSize?: () => void;
  /** Called after an item is chosen (closes the drawer). */
  onNavigate?: () => void;
  /** User photo and info, composed by the app. */
  user: ReactNode;
}

export function SideMenu({ items, size, variant, onToggleSize, onNavigate, user }: SideMenuProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const small = variant === 'desktop' && size === 'small';

  const choose = () => {
    // Spec: choosing a section forgets the opened folder.
    dispatch(changeOpenedFolders([]));
    onNavigate?.();
  };

  return (
    <nav
      className={`${styles.sideMenu} ${small ? styles.sideMenuSmall : ''} ${variant === 'drawer' ? styles.sideMenuDrawer : ''}`}
      aria-label={t('shell:menu_label')}
      data-testid="side-menu"
      data-size={small ? 'small' : 'large'}
    >
      <div className={styles.sideMenuBrand}>
        <button type="button" className={styles.brandButton} onClick={() => navigate(paths.main)} aria-label={t('shell:home_link')}>
          <Logo withWordmark={!small} size={32} />
        </button>
      </div>
      <div className={styles.sideMenuUser}>{user}</div>
      {items.length > 0 ? (
        <ul className={styles.menuList}>
          {items.map((item) => {
            const Icon = item.icon;
            return (
              <li key={item.key}>
                <NavLink
                  to={item.path}
                  className={({ isActive }) => `${styles.menuItem} ${isActive ? styles.menuItemActive : ''}`}
                  onClick={choose}
                  title={small ? t(`shell:${item.labelKey}`) : undefined}
                  data-testid={`menu-${item.key}`}
                >
                  <Icon size={20} />
                  <span className={small ? 'visually-hidden' : styles.menuLabel}>{t(`shell:${item.labelKey}`)}</span>
                </NavLink>
              </li>
            );
          })}
        </ul>
      ) : null}
      {variant === 'desktop' && onToggleSize ? (
        <button
          type="button"
          className={styles.sizeToggle}
          onClick={onToggleSize}
          aria-label={small ? t('shell:menu_expand') : t('shell:menu_collapse')}
          aria-expanded={!small}
          data-testid="menu-size-toggle"
        >
          <ChevronStartIcon size={18} className={small ? styles.flipped : undefined} />
          {!small ? <span>{t('shell:menu_collapse')}</span> : null}
        </button>
      ) : null}
    </nav>
  );
}
