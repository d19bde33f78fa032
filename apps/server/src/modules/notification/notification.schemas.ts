import { Type } from 'typebox';
import type { Notification } from './notification.table.js';

export const NotificationSchema = Type.Object(
  {
    notificationId: Type.String(),
    type: Type.String(),
    notificationType: Type.String(),
    language: Type.String(),
    status: Type.String(),
    title: Type.String(),
    body: Type.String(),
    createdDate: Type.Number(),
  },
  { $id: 'Notification' },
);

export const toNotification = (n: Notification) => ({
  notificationId: n.id,
  type: n.type,
  notificationType: n.notification_type,
  language: n.language,
  status: n.status,
  title: n.title,
  body: n.body,
  createdDate: n.created_at,
});
