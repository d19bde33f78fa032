import type { ParseKeys } from 'i18next';

/** Page keys: the account, campaign and public screens plus the signed-in sections. */
export type PageName =
  | 'photos'
  | 'foryou'
  | 'files'
  | 'shares'
  | 'trash'
  | 'notifications'
  | 'contacts'
  | 'discover'
  | 'search'
  | 'settings'
  | 'USAGE_INFO_PACKAGES'
  | 'Payment_Info'
  | 'inviteFriends'
  | 'telesales'
  | 'starsCampaign'
  | 'gamification_raffle_info'
  | 'campain_card_paycell'
  | 'sharedFiles'
  | 'ALBUMS';

/** Route handle of a signed-in screen: its page name (header rules) and title key. */
export interface ShellHandle {
  pageName: PageName;
  titleKey: ParseKeys;
}

export function isShellHandle(handle: unknown): handle is ShellHandle {
  return typeof handle === 'object' && handle !== null && 'pageName' in handle && 'titleKey' in handle;
}
