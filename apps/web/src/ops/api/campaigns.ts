import { opsApi } from './ops-api';

export type CampaignKind = 'REFERRAL' | 'STARS';

export interface Campaign {
  id: string;
  kind: CampaignKind;
  name: string;
  status: 'ACTIVE' | 'CLOSED';
  startsAt: string;
  endsAt: string;
  drawAt: string | null;
  texts: Record<string, { title: string; summary: string }>;
  details: Record<string, string>;
  rules: { bonusBytes?: number; monthlyCap?: number };
  updatedAt: string;
}

export interface CampaignInput {
  kind: CampaignKind;
  name: string;
  startsAt: string;
  endsAt: string;
  drawAt: string | null;
  texts: Record<string, { title: string; summary: string }>;
  details: Record<string, string>;
  rules?: { bonusBytes: number; monthlyCap: number };
  reason: string;
}

const enc = encodeURIComponent;

/** The console's campaign definitions (issue 30): marketing creates, edits, closes and exports them. */
export const campaignsEndpoints = opsApi.enhanceEndpoints({ addTagTypes: ['Campaign'] }).injectEndpoints({
  endpoints: (build) => ({
    opsListCampaigns: build.query<{ items: Campaign[] }, void>({ query: () => '/campaigns', providesTags: ['Campaign'] }),
    opsCreateCampaign: build.mutation<Campaign, CampaignInput>({
      query: (body) => ({ url: '/campaigns', method: 'POST', body }),
      invalidatesTags: ['Campaign'],
    }),
    opsUpdateCampaign: build.mutation<Campaign, { id: string; body: CampaignInput }>({
      query: ({ id, body }) => ({ url: `/campaigns/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Campaign'],
    }),
    opsCloseCampaign: build.mutation<Campaign, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/campaigns/${enc(id)}/close`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Campaign'],
    }),
    opsExportCampaignEntries: build.mutation<string, string>({
      query: (id) => ({ url: `/campaigns/${enc(id)}/entries.csv`, responseHandler: 'text' }),
    }),
  }),
});

export const { useOpsListCampaignsQuery, useOpsCreateCampaignMutation, useOpsUpdateCampaignMutation, useOpsCloseCampaignMutation, useOpsExportCampaignEntriesMutation } =
  campaignsEndpoints;
