/** The Shares screen's tabs, in the URL as ?tab=; the side menu's Shares item opens the first (PublicShare, spec 000 §2). */
export const SHARE_TABS = ['public', 'withMe', 'byMe'] as const;
export type ShareTab = (typeof SHARE_TABS)[number];
export const TAB_PARAM = 'tab';
export const FOLDER_PARAM = 'folder';
export const PROJECT_PARAM = 'project';

export function tabFromParam(value: string | null): ShareTab {
  return (SHARE_TABS as readonly string[]).includes(value ?? '') ? (value as ShareTab) : 'public';
}

/** Items numbered from 1 for "1–50 of 120" (page is 0-based). */
export function pageRange(page: number, size: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = Math.min(page * size + 1, total);
  return { from, to: Math.min((page + 1) * size, total) };
}
