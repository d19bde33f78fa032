import { baseApi } from './base-api';

/** GET /api/remoteconfig?client=3&parameter=NAME → { parameter, value } (value is a string). */
interface RemoteConfigResponse {
  parameter?: string;
  value?: string | null;
}

const WEB_CLIENT = 3;

export const remoteConfigApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRemoteConfig: build.query<string | null, string>({
      query: (parameter) => ({ url: '/remoteconfig', params: { client: WEB_CLIENT, parameter } }),
      transformResponse: (response: RemoteConfigResponse | null) => (typeof response?.value === 'string' ? response.value : null),
      // Remote configuration is public (decisions.md): it is read before anyone signs in, too.
      extraOptions: { public: true },
    }),
  }),
});

export const { useGetRemoteConfigQuery } = remoteConfigApi;

/** A numeric parameter, or the spec's default while loading, on failure (404 = unknown) or for a bad value. */
export function useRemoteNumber(parameter: string, fallback: number): number {
  const { data } = useGetRemoteConfigQuery(parameter);
  const parsed = data === null || data === undefined ? Number.NaN : Number.parseInt(data, 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}
