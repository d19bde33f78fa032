import type { ReactNode } from 'react';
import { Logo } from '@/components/ui/logo';
import type { PageName } from '@/lib/route-handle';
import { headerVisibility } from '../header-visibility';
import type { NewMenuEntry } from '../new-menu-entry';
import { HamburgerButton } from './hamburger-button';
import { NewMenu } from './new-menu';
import styles from './shell.module.css';

export interface SearchSlot {
  box: ReactNode;
  icon: ReactNode;
  /** The box at the top of the search screen on narrow screens, where the header has only the icon. */
  page: ReactNode;
}

export interface HeaderProps {
  pageName: PageName;
  /** Translated page title. */
  title: string;
  isNarrow: boolean;
  unreadCount: number;
  drawerOpen: boolean;
  /** Absent where there is no menu (an anonymous visitor's shared files): no hamburger. */
  onOpenMenu?: () => void;
  /** Registered NEW entries; the NEW button and add icon stay hidden while there are none. */
  newEntries: readonly NewMenuEntry[];
  /** Open the NEW menu once (query parameter uploadFile). */
  newMenuRequested?: boolean;
  onNewMenuRequestHandled?: () => void;
  /** Provided by the search feature; absent until it exists. */
  search: SearchSlot | null;
  /** The page's own action (Clear All, Delete All) in button or icon form. */
  renderPageAction: ((variant: 'button' | 'icon') => ReactNode) | null;
  account: ReactNode;
}

export function Header({
  pageName,
  title,
  isNarrow,
  unreadCount,
  drawerOpen,
  onOpenMenu,
  newEntries,
  newMenuRequested,
  onNewMenuRequestHandled,
  search,
  renderPageAction,
  account,
}: HeaderProps) {
  const show = headerVisibility(pageName, isNarrow);

  if (isNarrow) {
    const row = (
      <>
        {show.hamburger && onOpenMenu ? <HamburgerButton unreadCount={unreadCount} onClick={onOpenMenu} expanded={drawerOpen} /> : null}
        {show.logo ? <Logo size={28} /> : null}
        <div className={styles.headerSpacer} />
        {show.searchIcon && search ? search.icon : null}
        {show.addIcon ? <NewMenu entries={newEntries} variant="icon" openRequested={newMenuRequested} onOpenRequestHandled={onNewMenuRequestHandled} /> : null}
        {show.trashIcon && renderPageAction ? renderPageAction('icon') : null}
        {account}
      </>
    );
    if (show.actionRow && renderPageAction) {
      return (
        <header className={`${styles.header} ${styles.headerMobile} ${styles.headerTwoRows}`} data-testid="header">
          <div className={styles.headerRow}>{row}</div>
          <div className={styles.headerActionRow}>{renderPageAction('button')}</div>
        </header>
      );
    }
    return (
      <header className={`${styles.header} ${styles.headerMobile}`} data-testid="header">
        {row}
      </header>
    );
  }

  return (
    <header className={styles.header} data-testid="header">
      {/* Without a side menu (an anonymous visitor) the brand would appear nowhere else. */}
      {!onOpenMenu ? <Logo size={28} /> : null}
      {show.title ? (
        <h1 className={styles.pageTitle} data-testid="page-title">
          {title}
        </h1>
      ) : null}
      {show.searchBox && search ? <div className={styles.searchBox}>{search.box}</div> : null}
      <div className={styles.headerSpacer} />
      {show.pageButton && renderPageAction ? renderPageAction('button') : null}
      {show.newButton ? <NewMenu entries={newEntries} variant="button" openRequested={newMenuRequested} onOpenRequestHandled={onNewMenuRequestHandled} /> : null}
      {account}
    </header>
  );
}
