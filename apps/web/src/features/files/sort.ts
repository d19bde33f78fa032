import type { SortArgs, SortBy, SortDirection } from '@/api/files';

export const SORT_FIELDS: readonly SortBy[] = ['name', 'date', 'size'];
export const SORT_DIRECTIONS: readonly SortDirection[] = ['ASC', 'DESC'];

/** The shared sort order is one string (spec default nameASC): field then direction. */
export function parseSortOrder(value: string): SortArgs {
  const match = /^(name|date|size)(ASC|DESC)$/.exec(value);
  if (!match) return { sortBy: 'name', sortOrder: 'ASC' };
  return { sortBy: match[1] as SortBy, sortOrder: match[2] as SortDirection };
}

export function formatSortOrder({ sortBy, sortOrder }: SortArgs): string {
  return `${sortBy}${sortOrder}`;
}
