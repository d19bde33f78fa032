/** Spec 001 §9: the recent-invitee suggestion size. */
export const INVITEE_SUGGESTION_SIZE = 5;
/** Sharing contract: 1..50 invitees per invitation, a message of at most 500 characters, 1..500 items. */
export const MAX_INVITEES = 50;
export const INVITATION_MESSAGE_MAX_LENGTH = 500;
export const MAX_SHARE_ITEMS = 500;
/** Spec 001 §9: shared-with-me and shared-by-me filter results are 50 and 100; 50 is the page we load first. */
export const SHARE_PAGE_SIZES = [50, 100] as const;
export type SharePageSize = (typeof SHARE_PAGE_SIZES)[number];
export const DEFAULT_SHARE_PAGE_SIZE: SharePageSize = 50;
/** A local number without its country code is taken as Turkish: Bulut's subscribers are an operator's. */
export const DEFAULT_COUNTRY_CODE = '90';
/** The roles and durations an invitation offers (contract order). */
export const SHARE_ROLES = ['VIEWER', 'EDITOR'] as const;
export type ShareRole = (typeof SHARE_ROLES)[number];
export const SHARE_DURATIONS = ['UNLIMITED', 'P1D', 'P7D', 'P30D'] as const;
export type ShareDuration = (typeof SHARE_DURATIONS)[number];
/** The share dialog looks for an item's existing link a page of my links at a time (the server's largest page). */
export const LINK_LOOKUP_PAGE_SIZE = 100;
