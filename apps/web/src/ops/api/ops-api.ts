import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { currentLanguage } from '@/i18n/i18n';
import { endOpsSession, getOpsToken } from './session';

/** Calls made before there is a session: a 401 from them means wrong credentials, not an ended session. */
export const OPS_PUBLIC_ENDPOINTS: ReadonlySet<string> = new Set(['opsSetupInfo', 'opsSetupPassword', 'opsSetupConfirm', 'opsLogin', 'opsLoginTotp']);

const rawBaseQuery = fetchBaseQuery({
  // Absolute, so the Request the base query builds parses wherever it runs (tests have no page to be relative to).
  baseUrl: new URL('/api/ops', window.location.href).href,
  credentials: 'same-origin',
  prepareHeaders: (headers, { endpoint }) => {
    headers.set('X-Client-Language', currentLanguage());
    const token = getOpsToken();
    if (token && !OPS_PUBLIC_ENDPOINTS.has(endpoint)) headers.set('X-Auth-Token', token);
    return headers;
  },
});

/** The console's base query: the operator's token on every call; a 401 on a signed-in call ends the session. */
export const opsBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 401 && !OPS_PUBLIC_ENDPOINTS.has(api.endpoint) && getOpsToken()) {
    // Leave the signed-in screens first, then drop the cache: otherwise they would ask again at once.
    void endOpsSession().then(() => api.dispatch(opsApi.util.resetApiState()));
  }
  return result;
};

export const OPS_TAGS = ['Me', 'Operator', 'Audit', 'Subscriber', 'Plan', 'Config', 'Order', 'Dashboard', 'Support'] as const;

/** The console's one API (its own reducer path, never the subscriber app's `api`); endpoints are injected per area. */
export const opsApi = createApi({
  reducerPath: 'opsApi',
  baseQuery: opsBaseQuery,
  tagTypes: OPS_TAGS,
  keepUnusedDataFor: 30,
  refetchOnMountOrArgChange: 30,
  endpoints: () => ({}),
});

/** The message of a failed call in the product's error shape, if it has one. */
export function errorMessage(error: unknown): string | null {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : null;
}

export function errorStatus(error: unknown): number | string | null {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' || typeof status === 'string' ? status : null;
}
