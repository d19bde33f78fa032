// What other modules may use of the notification module: creating a notification inside their own transaction.
export type { NotificationService } from './notification.service.js';
// The operators' audit log tells a subscriber, in the operator's transaction, that support changed their account.
export { createNotification } from './notification.service.js';
