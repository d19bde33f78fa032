import type { DefinitionsFromApi, OverrideResultType, TagTypesFromApi } from '@reduxjs/toolkit/query';
import { generatedApi, type GetAccountInfoApiResponse, type GetAuthoritiesApiResponse, type GetUsagesApiResponse } from './generated/account';
import { followAccountLanguage } from '@/i18n/i18n';
import { storageKeys, writeStorage } from '@/lib/storage-keys';

export type AccountInfo = GetAccountInfoApiResponse;

/** The usage bar's numbers, parsed from the server's string headers-as-fields. */
export interface StorageUsage {
  used: number;
  quota: number;
}

type Definitions = DefinitionsFromApi<typeof generatedApi>;
type Enhanced = Omit<Definitions, 'getUsages'> & { getUsages: OverrideResultType<Definitions['getUsages'], StorageUsage> };

/** Account reads shared by the shell, the account card and settings. */
export const accountApi = generatedApi.enhanceEndpoints<TagTypesFromApi<typeof generatedApi>, Enhanced>({
  endpoints: {
    getAccountInfo: {
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          persistFamilyFlags(data);
          // The account's language is the interface's: set on another device, it applies here at the next load.
          void followAccountLanguage(data.language);
        } catch {
          // Failure is shown by whoever renders the query.
        }
      },
    },
    getUsages: {
      transformResponse: (response: Partial<GetUsagesApiResponse> | null) => ({
        used: Number(response?.['Bytes-Used'] ?? 0) || 0,
        quota: Number(response?.['Quota-Bytes'] ?? 0) || 0,
      }),
    },
    getAuthorities: {
      transformResponse: (response: unknown) => (Array.isArray(response) ? (response as GetAuthoritiesApiResponse) : []),
    },
  },
});

export const { useGetAccountInfoQuery, useGetUsagesQuery, useGetAuthoritiesQuery } = accountApi;

/**
 * Reads the storage usage again (after uploads and deletions) so the usage bar and the full-storage
 * check follow. The cache tag list has no usage tag, so this refetches instead of invalidating.
 */
export const refreshUsage = () => accountApi.endpoints.getUsages.initiate(undefined, { subscribe: false, forceRefetch: true });

export const PREMIUM_AUTHORITY = 'AUTH_PREMIUM_USER';

/**
 * Family flags (spec §3/§4): a member or admin gets the family flag, a member who is not the admin also the member
 * flag; the family's ACTIVE status is stored, any other cleared; a non-family user clears them all.
 */
export function persistFamilyFlags(
  info: Pick<AccountInfo, 'isFamilyMember' | 'isFamilyAdmin' | 'status'> & Partial<Pick<AccountInfo, 'isFamilyUserMember' | 'familyStatus'>>,
): void {
  const isFamily = Boolean(info.isFamilyMember || info.isFamilyAdmin);
  const userMember = info.isFamilyUserMember ?? (isFamily && !info.isFamilyAdmin);
  const status = info.familyStatus !== undefined ? info.familyStatus : info.status;
  writeStorage(storageKeys.isFamilyMember, isFamily ? 'true' : null);
  writeStorage(storageKeys.isFamilyUserMember, isFamily && userMember ? 'true' : null);
  writeStorage(storageKeys.familyStatus, isFamily && status === 'ACTIVE' ? 'ACTIVE' : null);
}
