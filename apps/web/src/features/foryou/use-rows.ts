import { useRemoteFlag } from '@/api/remote-config';
import { currentLanguage } from '@/i18n/i18n';
import type { ForyouItem } from './api';
import { LIST_HOOKS, visibleItems, type RowKind } from './kinds';

/** How many items a row of /main/foryou asks for (a row scrolls; "See all" shows the rest). */
export const ROW_SIZE = 12;
const FIRST = { page: 0, size: ROW_SIZE };

export interface RowState {
  kind: RowKind;
  items: ForyouItem[];
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/** Styled photos are generated content the operator can switch off: remote parameter ai_generate_show (spec 001 §6). */
export function useStyledShown(): boolean {
  return useRemoteFlag('ai_generate_show', currentLanguage());
}

function state(kind: RowKind, query: ReturnType<(typeof LIST_HOOKS)[RowKind]>, skip = false): RowState {
  return {
    kind,
    items: skip ? [] : visibleItems(query.data?.items ?? []),
    hasMore: Boolean(query.data?.hasMore),
    loading: !skip && query.isLoading,
    failed: !skip && query.isError,
    retry: () => void query.refetch(),
  };
}

/** Every row's first page, in the page's order (spec 001 §7 "For you" calls). */
export function useRows(): RowState[] {
  const styledShown = useStyledShown();
  const yearsAgo = LIST_HOOKS.yearsAgo(FIRST);
  const stories = LIST_HOOKS.stories(FIRST);
  const collages = LIST_HOOKS.collages(FIRST);
  const animations = LIST_HOOKS.animations(FIRST);
  const albums = LIST_HOOKS.albums(FIRST);
  const videos = LIST_HOOKS.videos(FIRST);
  const styled = LIST_HOOKS.styled(FIRST, { skip: !styledShown });
  return [
    state('yearsAgo', yearsAgo),
    state('stories', stories),
    state('collages', collages),
    state('animations', animations),
    state('albums', albums),
    state('videos', videos),
    state('styled', styled, !styledShown),
  ];
}
