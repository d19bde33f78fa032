import { baseApi } from './base-api';
import { storageKeys, writeStorage } from './storage-keys';

export type AccountStatus = 'ACTIVE' | 'READ_ONLY' | (string & {});

/** GET /api/account/info */
export interface AccountInfo {
  uuid: string;
  gapId?: string | null;
  name?: string | null;
  surname?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
  countryCode?: string | null;
  language?: string | null;
  status: AccountStatus;
  isFamilyMember?: boolean;
  isFamilyAdmin?: boolean;
  projectId?: string | null;
  url?: string | null;
  accountType?: string | null;
}

export interface StorageUsage {
  used: number;
  quota: number;
}

interface UsageResponse {
  'Bytes-Used'?: string;
  'Quota-Bytes'?: string;
}

export interface Authority {
  type: string;
}

/** Account reads shared by the shell, the account card and settings. */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAccountInfo: build.query<AccountInfo, void>({
      query: () => '/account/info',
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          persistFamilyFlags(data);
        } catch {
          // Failure is shown by whoever renders the query.
        }
      },
    }),
    getUsages: build.query<StorageUsage, void>({
      query: () => '/account/usages',
      transformResponse: (response: UsageResponse) => ({
        used: Number(response['Bytes-Used'] ?? 0) || 0,
        quota: Number(response['Quota-Bytes'] ?? 0) || 0,
      }),
    }),
    getAuthority: build.query<Authority[], void>({
      query: () => '/account/authority',
      transformResponse: (response: unknown) => (Array.isArray(response) ? (response as Authority[]) : []),
    }),
  }),
});

export const { useGetAccountInfoQuery, useGetUsagesQuery, useGetAuthorityQuery } = accountApi;

/**
 * Reads the storage usage again (after uploads and deletions) so the usage bar and the full-storage
 * check follow. The spec's tag list has no usage tag, so this refetches instead of invalidating.
 */
export const refreshUsage = () => accountApi.endpoints.getUsages.initiate(undefined, { subscribe: false, forceRefetch: true });

export const PREMIUM_AUTHORITY = 'AUTH_PREMIUM_USER';

/**
 * Family flags (spec 000 §4): a member or admin gets the family flag, a member also the member flag;
 * an ACTIVE status is stored, any other cleared; a non-family user clears them all.
 */
export function persistFamilyFlags(info: Pick<AccountInfo, 'isFamilyMember' | 'isFamilyAdmin' | 'status'>): void {
  const isFamily = Boolean(info.isFamilyMember || info.isFamilyAdmin);
  writeStorage(storageKeys.isFamilyMember, isFamily ? 'true' : null);
  writeStorage(storageKeys.isFamilyUserMember, isFamily && info.isFamilyMember ? 'true' : null);
  writeStorage(storageKeys.familyStatus, isFamily && info.status === 'ACTIVE' ? 'ACTIVE' : null);
}
