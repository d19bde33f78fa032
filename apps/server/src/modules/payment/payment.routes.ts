import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ErrorResponse, errorResponses } from '../../shared/schemas.js';
import { WALLET_CODE_TTL } from './sandbox/sandbox-challenges.js';
import {
  CardParams,
  PaymentParams,
  PaymentSchema,
  paymentJson,
  SaveCardBody,
  SavedCardSchema,
  SavedCardsSchema,
  WalletConfirmBody,
  WalletResendBody,
  WalletResendResult,
} from './payment.schemas.js';
import type { PaymentsService } from './payment.service.js';

const tags = ['payment'];
const writeErrors = { ...errorResponses, 409: ErrorResponse };
const walletTrxnIsNotAnId = {
  in: 'body',
  path: 'paycellTrxnId',
  why: "the wallet's transaction reference, looked up among the caller's own payments only",
} as const;

export const paymentRoutes: FastifyPluginAsyncTypebox<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.get(
    '/payment/cards',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'getSavedCards', summary: 'List saved cards', tags, response: { 200: SavedCardsSchema, ...errorResponses } },
    },
    async (req) => payments.cards(req.auth!.accountId),
  );

  app.post(
    '/payment/cards',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'saveCard', summary: 'Save a card', tags, body: SaveCardBody, response: { 200: SavedCardSchema, ...writeErrors } },
    },
    async (req) => payments.saveCard(req.auth!.accountId, req.body.card),
  );

  app.delete(
    '/payment/cards/:id',
    {
      config: { access: { permission: 'card.write', ids: [{ in: 'params', path: 'id' }] } },
      schema: { operationId: 'deleteSavedCard', summary: 'Delete a saved card', tags, params: CardParams, response: { 204: Type.Null(), ...writeErrors } },
    },
    async (req, reply) => {
      await payments.deleteCard(req.auth!.accountId, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/payment/cards/:id/default',
    {
      config: { access: { permission: 'card.write', ids: [{ in: 'params', path: 'id' }] } },
      schema: { operationId: 'setDefaultCard', summary: 'Make a card the default', tags, params: CardParams, response: { 200: SavedCardSchema, ...writeErrors } },
    },
    async (req) => payments.setDefaultCard(req.auth!.accountId, req.params.id),
  );

  app.get(
    '/payment/payments/:id',
    {
      config: { access: { permission: 'payment.read', ids: [{ in: 'params', path: 'id' }] } },
      schema: { operationId: 'getPayment', summary: 'Get a payment', tags, params: PaymentParams, response: { 200: PaymentSchema, ...errorResponses } },
    },
    async (req) => paymentJson(await payments.get(req.auth!.accountId, req.params.id)),
  );

  app.post(
    '/payment/wallet/confirm',
    {
      config: { access: { permission: 'self', notIds: [walletTrxnIsNotAnId] } },
      schema: { operationId: 'confirmWalletPayment', summary: 'Confirm a wallet payment with the SMS code', tags, body: WalletConfirmBody, response: { 200: PaymentSchema, ...writeErrors } },
    },
    async (req) => paymentJson(await payments.confirmWallet(req.auth!.accountId, req.body.paycellTrxnId, req.body.code)),
  );

  app.post(
    '/payment/wallet/resend',
    {
      config: { access: { permission: 'self', notIds: [walletTrxnIsNotAnId] } },
      schema: { operationId: 'resendWalletCode', summary: 'Send the wallet payment code again', tags, body: WalletResendBody, response: { 200: WalletResendResult, ...writeErrors } },
    },
    async (req) => {
      await payments.resendWalletCode(req.auth!.accountId, req.body.paycellTrxnId);
      return { expiresInSeconds: WALLET_CODE_TTL / 1000 };
    },
  );

  // The provider's signed callback: its HMAC is checked over the exact bytes received, so the body is kept raw.
  await app.register(async (scope) => {
    const raw = new WeakMap<FastifyRequest, string>();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      raw.set(req, body as string);
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('The callback body is not JSON.'), { statusCode: 400 }), undefined);
      }
    });
    scope.post(
      '/payment/callback',
      {
        config: { public: true },
        schema: {
          operationId: 'paymentCallback',
          summary: "Receive the payment provider's callback",
          tags,
          headers: Type.Object({ 'x-bulut-signature': Type.Optional(Type.String({ maxLength: 200 })) }),
          body: Type.Object({
            eventId: Type.String({ maxLength: 100 }),
            timestamp: Type.Integer(),
            merchantRef: Type.String({ maxLength: 100 }),
            providerRef: Type.String({ maxLength: 100 }),
            status: Type.Union([Type.Literal('CAPTURED'), Type.Literal('DECLINED'), Type.Literal('FAILED')]),
            declineCode: Type.Union([Type.String({ maxLength: 40 }), Type.Null()]),
          }),
          response: { 200: Type.Object({ received: Type.Boolean() }), ...errorResponses },
        },
      },
      async (req) => {
        await payments.callback(raw.get(req) ?? '', req.headers['x-bulut-signature'] as string | undefined);
        return { received: true };
      },
    );
  });
};
