import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { MenuIcon } from '@/components/ui/icons';
import styles from './shell.module.css';

export function HamburgerButton({ unreadCount, onClick, expanded }: { unreadCount: number; onClick: () => void; expanded: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.hamburger}
      onClick={onClick}
      aria-expanded={expanded}
      aria-haspopup="dialog"
      data-testid="hamburger"
    >
      {/* Named by its content, so the visible unread count is part of the name (WCAG 2.5.3). */}
      <span className="visually-hidden">{t('shell:open_menu')}</span>
      <MenuIcon size={22} />
      <Badge
        count={unreadCount}
        label={t('shell:unread_count', { count: unreadCount })}
        className={styles.hamburgerBadge}
        data-testid="unread-badge"
      />
    </button>
  );
}
