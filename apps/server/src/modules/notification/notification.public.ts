// What other modules may use of the notification module: creating a notification inside their own transaction.
export type { NotificationService } from './notification.service.js';
