import { refreshUsage } from './account';
import { generatedApi, type CreateOfficeFileApiArg, type GetOfficeFileInProjectApiResponse } from './generated/office';

/** The document types NEW can create blank: WORD (.docx), CELL (.xlsx), SLIDE (.pptx). */
export type NewDocumentType = CreateOfficeFileApiArg['documentType'];

/** What the editor is given to open a document: mode, the scoped access token, the WOPI address of the file. */
export type OfficeOpenConfig = GetOfficeFileInProjectApiResponse;

/** The WOPI host's answers the editor starts with, asked for as soon as the open config arrives. */
export interface OfficePrefetch {
  /** CheckFileInfo's JSON (who the caller is, whether they may write). */
  info: Promise<unknown>;
  /** GetFile: the document's bytes. */
  bytes: Promise<Uint8Array>;
}

/** Unclaimed prefetches are dropped after this long, so a closed preview does not hold a document's bytes. */
const PREFETCH_KEEP_MS = 60_000;
const prefetched = new Map<string, OfficePrefetch>();

const wopiUrl = (config: OfficeOpenConfig, suffix = '') => `${config.wopiSrc}${suffix}?access_token=${encodeURIComponent(config.accessToken)}`;

async function readOk<T>(res: Promise<Response>, read: (r: Response) => Promise<T>): Promise<T> {
  const r = await res;
  if (!r.ok) throw new Error(`WOPI ${r.status}`);
  return read(r);
}

/**
 * Starts the embedded editor's first WOPI reads for a config (the scoped token is their credential, not the session),
 * so the document downloads while the editor's code and strings load rather than after them.
 */
function prefetchWopi(config: OfficeOpenConfig): void {
  if (prefetched.has(config.accessToken)) return;
  const entry: OfficePrefetch = {
    info: readOk(fetch(wopiUrl(config)), (r) => r.json() as Promise<unknown>),
    bytes: readOk(fetch(wopiUrl(config, '/contents'), { cache: 'no-store' }), async (r) => new Uint8Array(await r.arrayBuffer())),
  };
  // A failure is the editor's to report when it claims the reads; unclaimed, it is nobody's.
  entry.info.catch(() => undefined);
  entry.bytes.catch(() => undefined);
  prefetched.set(config.accessToken, entry);
  setTimeout(() => prefetched.delete(config.accessToken), PREFETCH_KEEP_MS);
}

/** The reads started for this config's token, once: the caller owns them (a second opening reads afresh). */
export function takeOfficePrefetch(config: Pick<OfficeOpenConfig, 'accessToken'>): OfficePrefetch | undefined {
  const entry = prefetched.get(config.accessToken);
  prefetched.delete(config.accessToken);
  return entry;
}

/**
 * Creating a document adds a file to a listing and takes storage: the listings and the usage are read again. Opening
 * asks every time (a fresh token, and whether someone else is editing now).
 */
export const officeApi = generatedApi.enhanceEndpoints({
  endpoints: {
    getOfficeFileInProject: {
      keepUnusedDataFor: 0,
      onQueryStarted: async (_arg, { queryFulfilled }) => {
        try {
          prefetchWopi((await queryFulfilled).data);
        } catch {
          // The editor shows the failure.
        }
      },
    },
    createOfficeFile: {
      invalidatesTags: ['FilesByFieldName'],
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        try {
          await queryFulfilled;
          dispatch(refreshUsage());
        } catch {
          // The caller shows the failure.
        }
      },
    },
  },
});

export const { useCreateOfficeFileMutation, useGetOfficeFileInProjectQuery } = officeApi;
