import type { Selectable } from 'kysely';

export interface NotificationTable {
  id: string;
  account_id: string;
  type: string;
  notification_type: string;
  language: string;
  status: 'UNREAD' | 'READ';
  title: string;
  body: string;
  created_at: number;
}
export type Notification = Selectable<NotificationTable>;

// The owner of these tables adds them to the database type; infrastructure never imports a feature.
declare module '../../infra/db/schema.js' {
  interface DB {
    notification: NotificationTable;
  }
}
