import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import { captchaFrom } from '../captcha/captcha.public.js';
import {
  CaptchaHeaders,
  CampaignBody,
  CampaignParams,
  DrawBody,
  DrawCampaignPublic,
  DrawCaptchaRequired,
  DrawJoined,
  DrawStarted,
  DrawValidateBody,
  DrawVerification,
  ExportParams,
  GenerateCodesBody,
  GeneratedCodes,
  ImportCodesBody,
  ImportedCodes,
  LanguageQuery,
  OpsCampaign,
  OpsCampaignList,
  OpsEntries,
  ReasonBody,
} from './draw.schemas.js';
import type { DrawService } from './draw.service.js';
import type { DrawConsoleService } from './draw-console.service.js';

const pageErrors = { ...errorResponses, 412: ErrorResponse };
const opsErrors = { ...errorResponses, 403: ErrorResponse, 409: ErrorResponse };
const campaignId = { in: 'params', path: 'id', why: 'a draw campaign of the operator, not a subscriber resource' } as const;

/** The telesales prize-draw page (public, spec 000 §7 "Prize draw") and its console under /api/ops/draw (issue 30). */
export const drawRoutes: FastifyPluginAsyncTypebox<{ draw: DrawService; ops: DrawConsoleService }> = async (app, { draw, ops }) => {
  app.get(
    '/draw/captcha/required',
    {
      config: { public: true },
      schema: { operationId: 'getCampaignCaptcha', summary: 'Is a captcha required for the draw?', tags: ['draw'], response: { 200: Type.Object({ data: DrawCaptchaRequired }), ...errorResponses } },
    },
    async (req) => ({ data: { captchaRequired: await draw.captchaRequired(req.ip) } }),
  );

  app.get(
    '/draw/campaign',
    {
      config: { public: true },
      schema: { operationId: 'getDrawCampaign', summary: 'Get the running prize draw', tags: ['draw'], querystring: LanguageQuery, response: { 200: DrawCampaignPublic, ...errorResponses } },
    },
    async (req) => draw.currentCampaign(req.query.language ?? 'en'),
  );

  app.post(
    '/draw',
    {
      config: { public: true },
      schema: { operationId: 'draw', summary: 'Enter the prize draw with a code', tags: ['draw'], headers: CaptchaHeaders, body: DrawBody, response: { 200: DrawStarted, ...pageErrors } },
    },
    async (req) => draw.start(req.body, req.ip, captchaFrom(req.headers)),
  );

  app.post(
    '/draw/validate',
    {
      config: { public: true },
      schema: { operationId: 'drawValidate', summary: 'Confirm a draw entry with the SMS code', tags: ['draw'], body: DrawValidateBody, response: { 200: DrawJoined, ...pageErrors } },
    },
    async (req) => draw.validate(req.body, req.ip),
  );

  app.get(
    '/draw/campaigns/:id/verification',
    {
      config: { public: true },
      schema: {
        operationId: 'getDrawVerification',
        summary: "Check a prize draw's result",
        tags: ['draw'],
        description: 'The commitment; once entries close, every entry hash; once drawn, the seed and the winners (see docs/decisions.md).',
        params: CampaignParams,
        response: { 200: DrawVerification, ...errorResponses },
      },
    },
    async (req) => draw.verification(req.params.id),
  );

  // --- console
  app.get(
    '/ops/draw/campaigns',
    { config: { access: { permission: 'ops.draw.read' } }, schema: { operationId: 'opsListDrawCampaigns', summary: 'List prize draws', tags: ['ops'], response: { 200: OpsCampaignList, ...opsErrors } } },
    async () => ({ items: await ops.listCampaigns() }),
  );

  app.post(
    '/ops/draw/campaigns',
    {
      config: { access: { permission: 'ops.draw.write' } },
      schema: { operationId: 'opsCreateDrawCampaign', summary: 'Create a prize draw', tags: ['ops'], body: CampaignBody, response: { 200: OpsCampaign, ...opsErrors } },
    },
    async (req) => ops.createCampaign(req.operator!, req.body),
  );

  app.get(
    '/ops/draw/campaigns/:id',
    {
      config: { access: { permission: 'ops.draw.read', notIds: [campaignId] } },
      schema: { operationId: 'opsGetDrawCampaign', summary: 'Get a prize draw', tags: ['ops'], params: CampaignParams, response: { 200: OpsCampaign, ...opsErrors } },
    },
    async (req) => ops.getCampaign(req.params.id),
  );

  app.put(
    '/ops/draw/campaigns/:id',
    {
      config: { access: { permission: 'ops.draw.write', notIds: [campaignId] } },
      schema: { operationId: 'opsUpdateDrawCampaign', summary: 'Update a prize draw', tags: ['ops'], params: CampaignParams, body: CampaignBody, response: { 200: OpsCampaign, ...opsErrors } },
    },
    async (req) => ops.updateCampaign(req.operator!, req.params.id, req.body),
  );

  app.post(
    '/ops/draw/campaigns/:id/codes',
    {
      config: { access: { permission: 'ops.draw.write', notIds: [campaignId] } },
      schema: { operationId: 'opsGenerateDrawCodes', summary: 'Generate draw codes', tags: ['ops'], params: CampaignParams, body: GenerateCodesBody, response: { 200: GeneratedCodes, ...opsErrors } },
    },
    async (req) => ops.generateCodes(req.operator!, req.params.id, req.body),
  );

  app.post(
    '/ops/draw/campaigns/:id/codes/import',
    {
      config: { access: { permission: 'ops.draw.write', notIds: [campaignId] } },
      schema: { operationId: 'opsImportDrawCodes', summary: 'Import draw codes from CSV', tags: ['ops'], params: CampaignParams, body: ImportCodesBody, response: { 200: ImportedCodes, ...opsErrors } },
    },
    async (req) => ops.importCodes(req.operator!, req.params.id, req.body),
  );

  app.get(
    '/ops/draw/campaigns/:id/entries',
    {
      config: { access: { permission: 'ops.draw.read', notIds: [campaignId] } },
      schema: { operationId: 'opsListDrawEntries', summary: "List a prize draw's entries", tags: ['ops'], params: CampaignParams, response: { 200: OpsEntries, ...opsErrors } },
    },
    async (req) => ops.entries(req.params.id),
  );

  app.post(
    '/ops/draw/campaigns/:id/close',
    {
      config: { access: { permission: 'ops.draw.write', notIds: [campaignId] } },
      schema: { operationId: 'opsCloseDrawCampaign', summary: 'Close a prize draw to entries', tags: ['ops'], params: CampaignParams, body: ReasonBody, response: { 200: OpsCampaign, ...opsErrors } },
    },
    async (req) => ops.close(req.operator!, req.params.id, req.body.reason),
  );

  app.post(
    '/ops/draw/campaigns/:id/run',
    {
      config: { access: { permission: 'ops.draw.write', notIds: [campaignId] } },
      schema: { operationId: 'opsRunDraw', summary: 'Run a prize draw', tags: ['ops'], params: CampaignParams, body: ReasonBody, response: { 200: OpsCampaign, ...opsErrors } },
    },
    async (req) => ops.run(req.operator!, req.params.id, req.body.reason),
  );

  app.get(
    '/ops/draw/campaigns/:id/export/:kind',
    {
      config: { access: { permission: 'ops.draw.read', notIds: [campaignId] } },
      schema: { operationId: 'opsExportDraw', summary: 'Export a prize draw as CSV', tags: ['ops'], params: ExportParams, response: { 200: Type.String({ description: 'text/csv' }), ...opsErrors } },
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="draw-${req.params.kind}.csv"`)
        .send(await ops.exportCsv(req.operator!, req.params.id, req.params.kind)),
  );
};
