import type { DefinitionsFromApi, OverrideResultType, TagTypesFromApi } from '@reduxjs/toolkit/query';
import { REMOTE_CONFIG_POLL_MS } from '@/config/constants';
import { generatedApi, type GetRemoteConfigApiResponse } from './generated/remote-config';

/** The web client's number in GET /api/remoteconfig?client=3&parameter=NAME. */
const WEB_CLIENT = 3;

type Definitions = DefinitionsFromApi<typeof generatedApi>;
type Enhanced = Omit<Definitions, 'getRemoteConfig'> & { getRemoteConfig: OverrideResultType<Definitions['getRemoteConfig'], string | null> };

export const remoteConfigApi = generatedApi.enhanceEndpoints<TagTypesFromApi<typeof generatedApi>, Enhanced>({
  endpoints: {
    getRemoteConfig: {
      transformResponse: (response: Partial<GetRemoteConfigApiResponse> | null) => (typeof response?.value === 'string' ? response.value : null),
      // Remote configuration is public (decisions.md): it is read before anyone signs in, too.
      extraOptions: { public: true },
    },
  },
});

export const { useGetRemoteConfigQuery } = remoteConfigApi;

/** A numeric parameter, or `fallback` while loading, on failure (404 = unknown) or for a bad value. */
export function useRemoteNumber(parameter: string, fallback: number): number {
  const { data } = useGetRemoteConfigQuery({ client: WEB_CLIENT, parameter }, { pollingInterval: REMOTE_CONFIG_POLL_MS, skipPollingIfUnfocused: true });
  const parsed = data === null || data === undefined ? Number.NaN : Number.parseInt(data, 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** A 'true'/'false' parameter in the interface language: true only when the server says 'true' (not while loading). */
export function useRemoteFlag(parameter: string, language: string): boolean {
  return useRemoteFlagStatus(parameter, language) === true;
}

/** As useRemoteFlag, but undefined until the server has answered (or failed), for choices that must not flicker. */
export function useRemoteFlagStatus(parameter: string, language: string): boolean | undefined {
  const { data, isLoading } = useGetRemoteConfigQuery({ client: WEB_CLIENT, parameter, 'x-client-language': language }, { pollingInterval: REMOTE_CONFIG_POLL_MS, skipPollingIfUnfocused: true });
  return isLoading ? undefined : data === 'true';
}
