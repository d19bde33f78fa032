import type { Kysely } from 'kysely';
import type { DB } from '../../infra/db/schema.js';
import type { MessageJobs } from '../../infra/jobs/message-jobs.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { TooManyRequests, ValidationError } from '../../shared/errors.js';
import { newId } from '../../shared/tokens.js';
import * as repo from './feedback.repository.js';
import type { FeedbackClient } from './feedback.schemas.js';
import type { FeedbackType } from './feedback.table.js';

/** Feedback forms one account may send per hour: a person writes a few, a script hundreds. */
export const FEEDBACK_PER_HOUR = 5;
const HOUR = 60 * 60 * 1000;

export class FeedbackService {
  constructor(
    private readonly d: { db: Kysely<DB>; messages: MessageJobs; feedbackEmail: string | null; clock: () => number },
  ) {}

  /** Stores the feedback for the support inbox, and forwards it by e-mail when FEEDBACK_EMAIL is set. */
  async send(auth: AuthContext, type: FeedbackType, language: string, text: string, client: FeedbackClient = {}): Promise<{ id: string }> {
    const body = text.trim();
    if (body.length === 0) throw ValidationError('The feedback text is empty.', 'text');
    const at = this.d.clock();
    const id = newId();
    await this.d.db.transaction().execute(async (trx) => {
      // Counted from the stored rows, so every instance sees the same count; the check and the insert share a transaction.
      if ((await repo.countSince(trx, auth.accountId, at - HOUR)) >= FEEDBACK_PER_HOUR) throw TooManyRequests();
      await repo.create(trx, {
        account_id: auth.accountId,
        id,
        type,
        language,
        text: body,
        client_json: JSON.stringify(client),
        state: 'new',
        created_at: at,
      });
      if (this.d.feedbackEmail) {
        const details = Object.entries(client)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n');
        await this.d.messages.email(trx, {
          to: this.d.feedbackEmail,
          subject: `Bulut feedback: ${type} (${language})`,
          text: `${body}\n\n---\naccount: ${auth.accountId}\nfeedback: ${id}\n${details}\n`,
        });
      }
    });
    return { id };
  }
}
