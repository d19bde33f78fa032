import type { PageName } from '@/lib/route-handle';

export interface HeaderVisibility {
  /** Desktop */
  title: boolean;
  searchBox: boolean;
  newButton: boolean;
  /** The page's own desktop button: Clear All on notifications, Delete All on trash. */
  pageButton: boolean;
  /** Mobile */
  hamburger: boolean;
  logo: boolean;
  searchIcon: boolean;
  addIcon: boolean;
  /** The mobile form of the page button: a trash icon on trash and notifications. */
  trashIcon: boolean;
  /** Mobile: the page's buttons in a second header row (shared files: Save to Bulut, Download; offset 113 px). */
  actionRow: boolean;
}

const SEARCH_HIDDEN: ReadonlySet<string> = new Set(['sharedFiles', 'telesales', 'Payment_Info', 'gamification_raffle_info']);

const NEW_HIDDEN: ReadonlySet<string> = new Set([
  'settings',
  'USAGE_INFO_PACKAGES',
  'trash',
  'notifications',
  'contacts',
  'discover',
  'Payment_Info',
  'inviteFriends',
  'starsCampaign',
  'sharedFiles',
  'gamification_raffle_info',
  'campain_card_paycell',
  'telesales',
]);

const ADD_ICON_HIDDEN: ReadonlySet<string> = new Set(['trash', 'USAGE_INFO_PACKAGES', 'notifications', 'sharedFiles', 'telesales']);

const PAGE_ACTION_PAGES: ReadonlySet<string> = new Set(['trash', 'notifications']);

/** Pages whose header buttons are the page's main actions (spec: shared files show Save to Bulut and Download). */
const ACTION_ROW_PAGES: ReadonlySet<string> = new Set(['sharedFiles']);

/**
 * Which header parts a page shows. Pure rules by page name; whether the
 * search and NEW features exist in this build is checked separately by the header.
 * The search rule is applied to the mobile search icon too: pages without search on desktop
 * (shared files, telesales, payment info, raffle info) have nothing to search on mobile either.
 */
export function headerVisibility(pageName: PageName | string, isMobile: boolean): HeaderVisibility {
  const hasPageAction = PAGE_ACTION_PAGES.has(pageName);
  if (isMobile) {
    return {
      title: false,
      searchBox: false,
      newButton: false,
      pageButton: false,
      hamburger: true,
      logo: true,
      searchIcon: !SEARCH_HIDDEN.has(pageName),
      addIcon: !ADD_ICON_HIDDEN.has(pageName),
      trashIcon: hasPageAction,
      actionRow: ACTION_ROW_PAGES.has(pageName),
    };
  }
  return {
    title: true,
    searchBox: !SEARCH_HIDDEN.has(pageName),
    newButton: !NEW_HIDDEN.has(pageName),
    pageButton: hasPageAction || ACTION_ROW_PAGES.has(pageName),
    hamburger: false,
    logo: false,
    searchIcon: false,
    addIcon: false,
    trashIcon: false,
    actionRow: false,
  };
}
