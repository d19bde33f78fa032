import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { Executor } from '../../infra/db/executor.js';
import { NotFound } from '../../shared/errors.js';
import { newId } from '../../shared/tokens.js';
import type { AuthContext } from '../../shared/auth-context.js';
import * as repo from './notification.repository.js';
import type { Notification } from './notification.table.js';

const LIST_LIMIT = 200;

/** An in-app notification for the account, written in the caller's transaction (commits or rolls back with it). */
export async function createNotification(
  db: Executor,
  accountId: string,
  n: { type: string; language: string; title: string; body: string },
): Promise<void> {
  await repo.create(db, {
    id: newId(),
    account_id: accountId,
    type: n.type,
    notification_type: 'IN_APP',
    language: n.language,
    status: 'UNREAD',
    title: n.title,
    body: n.body,
    created_at: Date.now(),
  });
}

export class NotificationService {
  constructor(private readonly db: Kysely<DB>) {}

  create(db: Executor, accountId: string, n: { type: string; language: string; title: string; body: string }): Promise<void> {
    return createNotification(db, accountId, n);
  }

  list(auth: AuthContext, type?: string): Promise<Notification[]> {
    return repo.listForAccount(this.db, auth.accountId, type, LIST_LIMIT);
  }

  async read(auth: AuthContext, id: string): Promise<void> {
    const res = await repo.markRead(this.db, auth.accountId, id);
    if (Number(res.numUpdatedRows) === 0) throw NotFound('Notification not found.');
  }

  async remove(auth: AuthContext, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const res = await repo.deleteMany(this.db, auth.accountId, ids);
    return Number(res.numDeletedRows);
  }
}
