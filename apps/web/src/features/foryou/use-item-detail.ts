import { skipToken } from '@reduxjs/toolkit/query';
import { fromYearsAgo, useGetForyouItemQuery, useGetStoryQuery, useGetYearsAgoQuery, type FileItem, type ForyouItem } from './api';

export interface ItemDetail {
  item: ForyouItem | null;
  photos: FileItem[];
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

/**
 * An opened item with its photos, through the call the spec names for its kind (years-ago, a timeline story) or the
 * generic one; opening it marks it seen on the server.
 */
export function useItemDetail(item: ForyouItem): ItemDetail {
  const yearsAgo = useGetYearsAgoQuery(item.kind === 'YEARS_AGO' ? item.id : skipToken);
  const story = useGetStoryQuery(item.kind === 'STORY' ? item.id : skipToken);
  const other = useGetForyouItemQuery(item.kind !== 'YEARS_AGO' && item.kind !== 'STORY' ? item.id : skipToken);
  const query = item.kind === 'YEARS_AGO' ? yearsAgo : item.kind === 'STORY' ? story : other;
  const generic = item.kind === 'STORY' ? story.data : other.data;
  const detail =
    item.kind === 'YEARS_AGO' ? (yearsAgo.data ? { item: fromYearsAgo(yearsAgo.data.item), fileList: yearsAgo.data.fileList } : undefined) : generic;
  return {
    item: detail?.item ?? null,
    photos: Array.isArray(detail?.fileList) ? detail.fileList : [],
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: () => void query.refetch(),
  };
}
