import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse, errorResponses, LanguageSchema, UuidSchema } from '../../shared/schemas.js';
import {
  CreateOrderBody,
  OrderParams,
  PackageAgreements,
  PackageIdBody,
  PackageList,
  PackageOrderResult,
  PackageQuote,
  SubscriptionInfo,
  toOrderResult,
  toPackageList,
  toQuote,
  toSubscriptionInfo,
} from './packages.schemas.js';
import type { PackagesService } from './packages.service.js';

const tags = ['packages'];
const changeErrors = { ...errorResponses, 409: ErrorResponse };
const catalogueId = { in: 'body', path: 'packageId', why: 'a catalogue entry, the same for everyone' } as const;

export const packagesRoutes: FastifyPluginAsyncTypebox<{ packages: PackagesService }> = async (app, { packages }) => {
  app.get(
    '/packages',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'getPackages', summary: 'List storage packages', tags, response: { 200: PackageList, ...errorResponses } },
    },
    async () => toPackageList(await packages.list()),
  );

  app.get(
    '/packages/subscription',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'getSubscription', summary: 'Get the subscription', tags, response: { 200: SubscriptionInfo, ...errorResponses } },
    },
    async (req) => toSubscriptionInfo(await packages.subscription(req.auth!)),
  );

  app.post(
    '/packages/quote',
    {
      config: { access: { permission: 'self', notIds: [catalogueId] } },
      schema: { operationId: 'quotePackage', summary: 'Price a package change', tags, body: PackageIdBody, response: { 200: PackageQuote, ...changeErrors } },
    },
    async (req) => toQuote(await packages.quote(req.auth!, req.body.packageId)),
  );

  app.get(
    '/packages/agreements',
    {
      config: { access: { permission: 'self', notIds: [{ ...catalogueId, in: 'query' }] } },
      schema: {
        operationId: 'getPackageAgreements',
        summary: 'Get the sales agreements for a package',
        tags,
        description:
          'The preliminary information form and the distance sales agreement for buying this package now (Turkish law 6502), filled with the plan, price, seller and buyer. Full texts in tr and en; other languages get the English one (language says which).',
        querystring: Type.Object({ packageId: UuidSchema, language: LanguageSchema }),
        response: { 200: PackageAgreements, ...changeErrors },
      },
    },
    async (req) => packages.agreements(req.auth!, req.query.packageId, req.query.language, `${req.protocol}://${req.host}`),
  );

  app.post(
    '/packages/orders',
    {
      config: {
        access: {
          permission: 'self',
          notIds: [
            catalogueId,
            { in: 'body', path: 'idempotencyKey', why: "the client's checkout key, scoped to the caller's account" },
          ],
          // Paying with a saved card uses it: it must be one of the caller's.
          ids: [{ in: 'body', path: 'payment.cardId', permission: 'card.write' }],
        },
      },
      schema: { operationId: 'createPackageOrder', summary: 'Order a package', tags, body: CreateOrderBody, response: { 200: PackageOrderResult, ...changeErrors } },
    },
    async (req) => toOrderResult(await packages.createOrder(req.auth!, req.body)),
  );

  app.get(
    '/packages/orders/:id',
    {
      config: {
        access: { permission: 'order.read', ids: [{ in: 'params', path: 'id' }] },
      },
      schema: { operationId: 'getPackageOrder', summary: 'Get an order', tags, params: OrderParams, response: { 200: PackageOrderResult, ...errorResponses } },
    },
    async (req) => toOrderResult(await packages.getOrder(req.auth!, req.params.id)),
  );

  app.post(
    '/packages/subscription/downgrade',
    {
      config: { access: { permission: 'self', notIds: [catalogueId] } },
      schema: { operationId: 'downgradePackage', summary: 'Downgrade the package', tags, body: PackageIdBody, response: { 200: SubscriptionInfo, ...changeErrors } },
    },
    async (req) => toSubscriptionInfo(await packages.downgrade(req.auth!, req.body.packageId)),
  );

  app.post(
    '/packages/subscription/cancel',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'cancelSubscription', summary: 'Cancel the subscription', tags, response: { 200: SubscriptionInfo, ...changeErrors } },
    },
    async (req) => toSubscriptionInfo(await packages.cancel(req.auth!)),
  );

  app.post(
    '/packages/subscription/resume',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'resumeSubscription', summary: 'Resume a cancelled subscription', tags, response: { 200: SubscriptionInfo, ...changeErrors } },
    },
    async (req) => toSubscriptionInfo(await packages.resume(req.auth!)),
  );
};
