import { opsApi } from './ops-api';

// The console's prize-draw calls (issue 30, /api/ops/draw/*): shapes as the server's schemas give them.
export type DrawStatus = 'OPEN' | 'CLOSED' | 'DRAWN';
export type DrawTexts = Record<string, { title: string; conditions: string; result: string }>;

export interface DrawCampaignSummary {
  id: string;
  label: string;
  status: DrawStatus;
  startsAt: number;
  endsAt: number;
  winnerCount: number;
  commitment: string;
  codesIssued: number;
  codesUsed: number;
  entries: number;
  closedAt: number | null;
  drawnAt: number | null;
}
export interface DrawCampaignInput {
  name: string;
  startsAt: number;
  endsAt: number;
  winnerCount: number;
  texts: DrawTexts;
  reason?: string;
}
export interface DrawEntries {
  total: number;
  codesIssued: number;
  codesUsed: number;
  items: Array<{ entryHash: string; phone: string; enteredAt: number; winnerRank: number | null }>;
}

const enc = encodeURIComponent;
const drawApi = opsApi.enhanceEndpoints({ addTagTypes: ['DrawCampaign'] });

export const drawEndpoints = drawApi.injectEndpoints({
  endpoints: (build) => ({
    opsListDrawCampaigns: build.query<{ items: DrawCampaignSummary[] }, void>({ query: () => '/draw/campaigns', providesTags: ['DrawCampaign'] }),
    opsCreateDrawCampaign: build.mutation<DrawCampaignSummary, DrawCampaignInput>({
      query: (body) => ({ url: '/draw/campaigns', method: 'POST', body }),
      invalidatesTags: ['DrawCampaign'],
    }),
    opsGetDrawCampaign: build.query<DrawCampaignSummary & { texts: DrawTexts }, string>({ query: (id) => `/draw/campaigns/${enc(id)}`, providesTags: ['DrawCampaign'] }),
    opsUpdateDrawCampaign: build.mutation<DrawCampaignSummary, DrawCampaignInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/draw/campaigns/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: ['DrawCampaign'],
    }),
    opsListDrawEntries: build.query<DrawEntries, string>({ query: (id) => `/draw/campaigns/${enc(id)}/entries`, providesTags: ['DrawCampaign'] }),
    opsGenerateDrawCodes: build.mutation<{ batchId: string; codes: string[] }, { id: string; count: number; msisdn?: string; reason?: string }>({
      query: ({ id, ...body }) => ({ url: `/draw/campaigns/${enc(id)}/codes`, method: 'POST', body }),
      invalidatesTags: ['DrawCampaign'],
    }),
    opsImportDrawCodes: build.mutation<{ batchId: string; imported: number; rejected: Array<{ line: number; reason: string }> }, { id: string; csv: string; reason?: string }>({
      query: ({ id, ...body }) => ({ url: `/draw/campaigns/${enc(id)}/codes/import`, method: 'POST', body }),
      invalidatesTags: ['DrawCampaign'],
    }),
    opsDrawStep: build.mutation<DrawCampaignSummary, { id: string; step: 'close' | 'run'; reason: string }>({
      query: ({ id, step, reason }) => ({ url: `/draw/campaigns/${enc(id)}/${step}`, method: 'POST', body: { reason } }),
      invalidatesTags: ['DrawCampaign'],
    }),
    opsExportDraw: build.mutation<string, { id: string; kind: 'entries' | 'winners' }>({
      query: ({ id, kind }) => ({ url: `/draw/campaigns/${enc(id)}/export/${kind}`, responseHandler: 'text' }),
    }),
  }),
});

export const {
  useOpsListDrawCampaignsQuery,
  useOpsCreateDrawCampaignMutation,
  useOpsGetDrawCampaignQuery,
  useOpsUpdateDrawCampaignMutation,
  useOpsListDrawEntriesQuery,
  useOpsGenerateDrawCodesMutation,
  useOpsImportDrawCodesMutation,
  useOpsDrawStepMutation,
  useOpsExportDrawMutation,
} = drawEndpoints;
