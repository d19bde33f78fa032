import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../shared/schemas.js';
import { ATTACHMENT_MAX_BYTES, attachmentHeaders } from './support.attachments.js';
import {
  AgentMessageBody,
  Agents,
  AssignBody,
  AttachmentBytes,
  AttachmentOnly,
  AttachmentQuery,
  CannedBody,
  CannedList,
  CannedOnly,
  CannedQuery,
  ConsoleTicket,
  FeedbackDetail,
  IdParams,
  Inbox,
  InboxQuery,
  MessageOnly,
  ReadBody,
  SocketUpgrade,
  TicketOnly,
} from './support.schemas.js';
import type { SupportService } from './support.service.js';
import type { SupportHub } from './support.sockets.js';

const tags = ['ops-support'];
const read = { access: { permission: 'ops.support.read' as const } };
const write = { access: { permission: 'ops.support.write' as const } };
const Done = Type.Object({});

/** The agents' side of support in the operator console (issue 29), under /api/ops/support; the caller is `req.operator`. */
export const supportOpsRoutes: FastifyPluginAsyncTypebox<{ service: SupportService; hub: SupportHub }> = async (app, { service, hub }) => {
  app.get(
    '/ops/support/inbox',
    { config: read, schema: { operationId: 'opsSupportInbox', summary: 'List the support inbox', tags, querystring: InboxQuery, response: { 200: Inbox, ...errorResponses } } },
    async (req) => ({ items: await service.inbox.inbox(req.query) }),
  );

  app.get(
    '/ops/support/tickets/:id',
    { config: read, schema: { operationId: 'opsSupportTicket', summary: 'Get a support ticket', tags, params: IdParams, response: { 200: ConsoleTicket, ...errorResponses } } },
    async (req) => service.inbox.ticketDetail(req.operator!, req.params.id),
  );

  app.post(
    '/ops/support/tickets/:id/take',
    { config: write, schema: { operationId: 'opsSupportTake', summary: 'Take a support ticket', tags, params: IdParams, response: { 200: TicketOnly, ...errorResponses } } },
    async (req) => ({ ticket: await service.agent.take(req.operator!, req.params.id) }),
  );

  app.post(
    '/ops/support/tickets/:id/assign',
    { config: write, schema: { operationId: 'opsSupportAssign', summary: 'Assign a support ticket', tags, params: IdParams, body: AssignBody, response: { 200: TicketOnly, ...errorResponses } } },
    async (req) => ({ ticket: await service.agent.assign(req.operator!, req.params.id, req.body.operatorId) }),
  );

  app.post(
    '/ops/support/tickets/:id/messages',
    { config: write, schema: { operationId: 'opsSupportReply', summary: 'Reply to a support ticket', tags, params: IdParams, body: AgentMessageBody, response: { 200: MessageOnly, ...errorResponses } } },
    async (req) => ({ message: await service.agent.reply(req.operator!, req.params.id, req.body) }),
  );

  app.post(
    '/ops/support/tickets/:id/solve',
    { config: write, schema: { operationId: 'opsSupportSolve', summary: 'Solve a support ticket', tags, params: IdParams, response: { 200: TicketOnly, ...errorResponses } } },
    async (req) => ({ ticket: await service.agent.solve(req.operator!, req.params.id) }),
  );

  app.post(
    '/ops/support/tickets/:id/read',
    { config: write, schema: { operationId: 'opsSupportRead', summary: 'Mark a support ticket read', tags, params: IdParams, body: ReadBody, response: { 200: Done, ...errorResponses } } },
    async (req) => {
      await service.agent.read(req.operator!, req.params.id, req.body.seq);
      return {};
    },
  );

  await app.register(async (scope) => {
    const upload = scope.withTypeProvider<TypeBoxTypeProvider>();
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES }, (_req, body, done) => done(null, body));
    upload.post(
      '/ops/support/tickets/:id/attachments',
      {
        config: write,
        bodyLimit: ATTACHMENT_MAX_BYTES,
        schema: {
          operationId: 'opsSupportAttach',
          summary: 'Attach a file to a support ticket',
          binaryBody: { mediaTypes: ['application/octet-stream'], description: "The file's bytes; its name in ?name=." },
          tags,
          params: IdParams,
          querystring: AttachmentQuery,
          response: { 200: AttachmentOnly, ...errorResponses },
        },
      },
      async (req) => ({ attachment: await service.attachments.uploadForTicket(req.operator!, req.params.id, req.body as Buffer, req.query.name) }),
    );
  });

  app.get(
    '/ops/support/attachments/:id',
    { config: read, schema: { operationId: 'opsSupportAttachment', summary: 'Open a support attachment', tags, params: IdParams, response: { 200: AttachmentBytes, ...errorResponses } } },
    async (req, reply) => {
      const a = await service.attachments.forAgent(req.operator!, req.params.id);
      // The bytes go out as stored; the schema documents only the failures.
      return reply.headers(attachmentHeaders(a.name, a.mime, a.size)).send(a.stream as never);
    },
  );

  app.get(
    '/ops/support/feedback/:id',
    { config: read, schema: { operationId: 'opsSupportFeedback', summary: 'Get a feedback message', tags, params: IdParams, response: { 200: FeedbackDetail, ...errorResponses } } },
    async (req) => ({ feedback: await service.inbox.feedbackDetail(req.operator!, req.params.id) }),
  );

  app.post(
    '/ops/support/feedback/:id/done',
    { config: write, schema: { operationId: 'opsSupportFeedbackDone', summary: 'Mark feedback handled', tags, params: IdParams, response: { 200: Done, ...errorResponses } } },
    async (req) => {
      await service.inbox.feedbackDone(req.operator!, req.params.id);
      return {};
    },
  );

  app.get(
    '/ops/support/agents',
    { config: read, schema: { operationId: 'opsSupportAgents', summary: 'List support agents', tags, response: { 200: Agents, ...errorResponses } } },
    async () => ({ items: await service.inbox.agents() }),
  );

  app.get(
    '/ops/support/canned',
    { config: read, schema: { operationId: 'opsSupportCannedList', summary: 'List canned replies', tags, querystring: CannedQuery, response: { 200: CannedList, ...errorResponses } } },
    async (req) => ({ items: await service.canned.list(req.query.language) }),
  );

  app.post(
    '/ops/support/canned',
    { config: write, schema: { operationId: 'opsSupportCannedCreate', summary: 'Create a canned reply', tags, body: CannedBody, response: { 200: CannedOnly, ...errorResponses } } },
    async (req) => ({ item: await service.canned.create(req.operator!, req.body) }),
  );

  app.put(
    '/ops/support/canned/:id',
    { config: write, schema: { operationId: 'opsSupportCannedUpdate', summary: 'Update a canned reply', tags, params: IdParams, body: CannedBody, response: { 200: CannedOnly, ...errorResponses } } },
    async (req) => ({ item: await service.canned.update(req.operator!, req.params.id, req.body) }),
  );

  app.delete(
    '/ops/support/canned/:id',
    { config: write, schema: { operationId: 'opsSupportCannedDelete', summary: 'Delete a canned reply', tags, params: IdParams, response: { 200: Done, ...errorResponses } } },
    async (req) => {
      await service.canned.remove(req.operator!, req.params.id);
      return {};
    },
  );

  // The console token comes in the first frame (a browser cannot set headers on a WebSocket, and URLs are logged).
  app.get('/ops/support/ws', { websocket: true, config: { public: true }, schema: { hide: true, response: { 200: SocketUpgrade } } }, (socket, req) => hub.acceptAgent(socket, req.ip));
};
