import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { publicOrigin } from '../../infra/http/public-origin.js';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import {
  CampaignParams,
  fromOpsBody,
  languageOf,
  LanguageQuery,
  OpsCampaign,
  OpsCampaignBody,
  OpsCampaignList,
  OpsCloseBody,
  Raffle,
  RaffleRights,
  ReferralOverview,
  StarsDetail,
  StarsLink,
  StarsParticipants,
  toOpsCampaign,
  toRaffle,
  toRaffleRights,
  toReferralOverview,
} from './campaigns.schemas.js';
import type { CampaignsService } from './campaigns.service.js';

const self = { access: { permission: 'self' as const } };
const read = { access: { permission: 'ops.campaign.read' as const } };
const write = { access: { permission: 'ops.campaign.write' as const } };
const campaignId = { in: 'params', path: 'id', why: 'a campaign definition, not a subscriber resource' } as const;
const opsErrors = { ...errorResponses, 403: ErrorResponse };

/** Invite friends, the stars campaign (spec 001 §7), raffle rights, and the console's campaign definitions. */
export const campaignsRoutes: FastifyPluginAsyncTypebox<{ campaigns: CampaignsService; publicUrl: string | null }> = async (app, { campaigns, publicUrl }) => {
  const origin = (req: { protocol: string; host: string }) => publicOrigin(publicUrl, req);

  app.get(
    '/v1/referral',
    { config: self, schema: { operationId: 'getReferral', summary: 'Get my invite-friends link and rewards', tags: ['campaigns'], querystring: LanguageQuery, response: { 200: ReferralOverview, ...errorResponses } } },
    async (req) => toReferralOverview(await campaigns.referralOverview(req.auth!, languageOf(req.query), origin(req))),
  );

  app.get(
    '/v1/stars/link',
    { config: self, schema: { operationId: 'getStarsLink', summary: 'Get my stars campaign link', tags: ['campaigns'], response: { 200: StarsLink, ...errorResponses } } },
    async (req) => campaigns.starsLink(req.auth!, origin(req)),
  );

  app.get(
    '/v1/stars/participants',
    { config: self, schema: { operationId: 'getStarsParticipants', summary: 'List my stars campaign friends', tags: ['campaigns'], response: { 200: StarsParticipants, ...errorResponses } } },
    async (req) => campaigns.starsParticipants(req.auth!),
  );

  app.get(
    '/v1/stars/detail',
    { config: self, schema: { operationId: 'getStarsDetail', summary: 'Get the stars campaign', tags: ['campaigns'], querystring: LanguageQuery, response: { 200: StarsDetail, ...errorResponses } } },
    async (req) => campaigns.starsDetail(languageOf(req.query)),
  );

  // The raffle page is open to visitors (spec 000 §1); their rights need a session.
  app.get(
    '/v1/raffle',
    { config: { public: true }, schema: { operationId: 'getRaffle', summary: 'Get the raffle campaign', tags: ['campaigns'], querystring: LanguageQuery, response: { 200: Raffle, ...errorResponses } } },
    async (req) => toRaffle(await campaigns.raffle(languageOf(req.query))),
  );

  app.get(
    '/v1/raffle/rights',
    { config: self, schema: { operationId: 'getRaffleRights', summary: 'Get my raffle rights', tags: ['campaigns'], querystring: LanguageQuery, response: { 200: RaffleRights, ...errorResponses } } },
    async (req) => toRaffleRights(await campaigns.raffleRights(req.auth!, languageOf(req.query))),
  );

  // --- console (marketing)
  app.get(
    '/ops/campaigns',
    { config: read, schema: { operationId: 'opsListCampaigns', summary: 'List campaigns', tags: ['ops'], response: { 200: OpsCampaignList, ...opsErrors } } },
    async () => ({ items: (await campaigns.listCampaigns()).map(toOpsCampaign) }),
  );

  app.post(
    '/ops/campaigns',
    { config: write, schema: { operationId: 'opsCreateCampaign', summary: 'Create a campaign', tags: ['ops'], body: OpsCampaignBody, response: { 200: OpsCampaign, ...opsErrors } } },
    async (req) => toOpsCampaign(await campaigns.createCampaign(req.operator!, fromOpsBody(req.body))),
  );

  app.get(
    '/ops/campaigns/:id',
    { config: { access: { permission: 'ops.campaign.read', notIds: [campaignId] } }, schema: { operationId: 'opsGetCampaign', summary: 'Get a campaign', tags: ['ops'], params: CampaignParams, response: { 200: OpsCampaign, ...opsErrors } } },
    async (req) => toOpsCampaign(await campaigns.getCampaign(req.params.id)),
  );

  app.put(
    '/ops/campaigns/:id',
    {
      config: { access: { permission: 'ops.campaign.write', notIds: [campaignId] } },
      schema: { operationId: 'opsUpdateCampaign', summary: 'Update a campaign', tags: ['ops'], params: CampaignParams, body: OpsCampaignBody, response: { 200: OpsCampaign, ...opsErrors } },
    },
    async (req) => toOpsCampaign(await campaigns.updateCampaign(req.operator!, req.params.id, fromOpsBody(req.body))),
  );

  app.post(
    '/ops/campaigns/:id/close',
    {
      config: { access: { permission: 'ops.campaign.write', notIds: [campaignId] } },
      schema: { operationId: 'opsCloseCampaign', summary: 'Close a campaign', tags: ['ops'], params: CampaignParams, body: OpsCloseBody, response: { 200: OpsCampaign, ...opsErrors, 409: ErrorResponse } },
    },
    async (req) => toOpsCampaign(await campaigns.closeCampaign(req.operator!, req.params.id, req.body.reason ?? null)),
  );

  app.get(
    '/ops/campaigns/:id/entries.csv',
    {
      config: { access: { permission: 'ops.campaign.read', notIds: [campaignId] } },
      schema: { operationId: 'opsExportCampaignEntries', summary: "Export a campaign's entries as CSV", tags: ['ops'], params: CampaignParams, response: { 200: Type.String({ description: 'text/csv' }), ...opsErrors } },
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bulut-campaign-${req.params.id}.csv"`)
        .send(await campaigns.exportEntries(req.operator!, req.params.id)),
  );
};
