import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, UuidSchema } from '../../shared/schemas.js';
import { ATTACHMENT_MAX_BYTES, attachmentHeaders } from './support.attachments.js';
import {
  AttachmentBytes,
  AttachmentQuery,
  ChatConfig,
  ConversationQuery,
  OpenedSession,
  OpenSessionBody,
  RatingBody,
  ReadBody,
  SendMessageBody,
  SessionHeaders,
  SupportAttachment,
  SupportConversation,
  SupportMessage,
  SupportTicket,
  TicketIssued,
} from './support.schemas.js';
import type { SupportService } from './support.service.js';
import type { SupportHub } from './support.sockets.js';

const tags = ['support'];
/** The chat page inside the frame has no subscriber token: its chat session (X-Support-Session) is checked by the service. */
const chat = { public: true } as const;
const Done = Type.Object({ data: Type.Object({}) });

/** The subscriber's side of the support chat (issue 29). */
export const supportRoutes: FastifyPluginAsyncTypebox<{ service: SupportService; hub: SupportHub; chatUrl: string }> = async (app, { service, hub, chatUrl }) => {
  app.get(
    '/account/ticket',
    {
      config: { access: { permission: 'self' } },
      schema: { operationId: 'getSupportTicket', summary: 'Get a single-use support chat ticket', tags, response: { 200: TicketIssued, ...errorResponses } },
    },
    async (req) => ({ data: await service.chat.issueTicket(req.auth!) }),
  );

  app.get(
    '/support/config',
    { config: chat, schema: { operationId: 'getSupportConfig', summary: 'Get the support chat address', tags, response: { 200: ChatConfig } } },
    async () => ({ data: { chatUrl } }),
  );

  app.post(
    '/support/session',
    {
      config: chat,
      schema: { operationId: 'openSupportSession', summary: 'Open a support chat session with a ticket', tags, body: OpenSessionBody, response: { 200: OpenedSession, ...errorResponses } },
    },
    async (req) => ({ data: await service.chat.openSession(req.body.ticket) }),
  );

  app.get(
    '/support/conversation',
    {
      config: chat,
      schema: {
        operationId: 'getSupportConversation',
        summary: 'Get the support conversation',
        tags,
        headers: SessionHeaders,
        querystring: ConversationQuery,
        response: { 200: Type.Object({ data: SupportConversation }), ...errorResponses },
      },
    },
    async (req) => {
      const accountId = await service.chat.sessionAccount(req.headers['x-support-session']);
      return { data: await service.chat.waitForConversation(accountId, req.query.after ?? 0, req.query.wait ?? 0) };
    },
  );

  app.post(
    '/support/messages',
    {
      config: chat,
      schema: {
        operationId: 'sendSupportMessage',
        summary: 'Send a support message',
        tags,
        headers: SessionHeaders,
        body: SendMessageBody,
        response: { 200: Type.Object({ data: SupportMessage }), ...errorResponses },
      },
    },
    async (req) => {
      const accountId = await service.chat.sessionAccount(req.headers['x-support-session']);
      return { data: await service.chat.sendAsSubscriber(accountId, req.body) };
    },
  );

  app.post(
    '/support/read',
    { config: chat, schema: { operationId: 'readSupportMessages', summary: 'Mark support messages read', tags, headers: SessionHeaders, body: ReadBody, response: { 200: Done, ...errorResponses } } },
    async (req) => {
      await service.chat.readBySubscriber(await service.chat.sessionAccount(req.headers['x-support-session']), req.body.seq);
      return { data: {} };
    },
  );

  app.post(
    '/support/rating',
    {
      config: chat,
      schema: { operationId: 'rateSupportTicket', summary: 'Rate a solved support ticket', tags, headers: SessionHeaders, body: RatingBody, response: { 200: Type.Object({ data: SupportTicket }), ...errorResponses } },
    },
    async (req) => ({ data: await service.chat.rate(await service.chat.sessionAccount(req.headers['x-support-session']), req.body.rating) }),
  );

  await app.register(async (scope) => {
    const upload = scope.withTypeProvider<TypeBoxTypeProvider>();
    // The bytes decide the type, so any declared content type is read as-is (JSON included).
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES }, (_req, body, done) => done(null, body));
    upload.post(
      '/support/attachments',
      {
        config: chat,
        bodyLimit: ATTACHMENT_MAX_BYTES,
        schema: {
          operationId: 'uploadSupportAttachment',
          summary: 'Attach a file to the support chat',
          tags,
          binaryBody: { mediaTypes: ['application/octet-stream'], description: "The file's bytes; its name in ?name=." },
          headers: SessionHeaders,
          querystring: AttachmentQuery,
          response: { 200: Type.Object({ data: SupportAttachment }), ...errorResponses },
        },
      },
      async (req) => {
        const accountId = await service.chat.sessionAccount(req.headers['x-support-session']);
        return { data: await service.attachments.upload(accountId, 'subscriber', req.body as Buffer, req.query.name) };
      },
    );
  });

  app.get(
    '/support/attachments/:id',
    {
      config: chat,
      schema: { operationId: 'getSupportAttachment', summary: 'Open a support chat attachment', tags, headers: SessionHeaders, params: Type.Object({ id: UuidSchema }), response: { 200: AttachmentBytes, ...errorResponses } },
    },
    async (req, reply) => {
      const a = await service.attachments.forSubscriber(await service.chat.sessionAccount(req.headers['x-support-session']), req.params.id);
      // The bytes go out as stored; the schema documents only the failures.
      return reply.headers(attachmentHeaders(a.name, a.mime, a.size)).send(a.stream as never);
    },
  );

  // The session comes in the first frame, never in the address (addresses end up in logs).
  app.get('/support/ws', { websocket: true, config: chat, schema: { hide: true } }, (socket) => hub.acceptSubscriber(socket));
};
