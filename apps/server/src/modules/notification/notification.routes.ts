import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, UuidSchema } from '../../shared/schemas.js';
import { NotificationSchema, toNotification } from './notification.schemas.js';
import type { NotificationService } from './notification.service.js';

export const notificationRoutes: FastifyPluginAsyncTypebox<{ notifications: NotificationService }> = async (
  app,
  { notifications },
) => {
  app.get(
    '/notification/communication/fetch',
    {
      config: { access: { permission: 'self' } },
      schema: {
        operationId: 'fetchNotifications',
        summary: 'List notifications',
        tags: ['notification'],
        querystring: Type.Object({
          language: Type.Optional(Type.String({ maxLength: 8 })),
          type: Type.Optional(Type.String({ maxLength: 32 })),
        }),
        response: { 200: Type.Array(NotificationSchema), ...errorResponses },
      },
    },
    async (req) => (await notifications.list(req.auth!, req.query.type)).map(toNotification),
  );

  app.get(
    '/notification/communication/read/:notificationId',
    {
      config: { access: { permission: 'notification.write', ids: [{ in: 'params', path: 'notificationId' }] } },
      schema: {
        operationId: 'readNotification',
        summary: 'Mark a notification read',
        tags: ['notification'],
        params: Type.Object({ notificationId: UuidSchema }),
        response: { 200: Type.Object({ notificationId: Type.String(), status: Type.String() }), ...errorResponses },
      },
    },
    async (req) => {
      await notifications.read(req.auth!, req.params.notificationId);
      return { notificationId: req.params.notificationId, status: 'READ' };
    },
  );

  app.delete(
    '/notification/communication',
    {
      // Someone else's or unknown ids are ignored: the answer counts only the caller's own deletions.
      config: { access: { permission: 'notification.write', ids: [{ in: 'body', path: '', skipDenied: true }] } },
      schema: {
        operationId: 'deleteNotifications',
        summary: 'Delete notifications',
        tags: ['notification'],
        body: Type.Array(UuidSchema, { maxItems: 500 }),
        response: { 200: Type.Object({ deleted: Type.Integer() }), ...errorResponses },
      },
    },
    async (req) => ({ deleted: await notifications.remove(req.auth!, req.body) }),
  );
};
