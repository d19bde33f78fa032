import type { Insertable, Selectable } from 'kysely';

export type FeedbackType = 'SUGGESTION' | 'COMPLAINT';
/** new: in the support inbox; done: an agent dealt with it. */
export type FeedbackState = 'new' | 'done';

export interface SupportFeedbackTable {
  account_id: string;
  id: string;
  type: FeedbackType;
  /** tr, ar or en: the language the dialog sent (spec: TR or AR when that is the interface language, else EN). */
  language: string;
  text: string;
  /** The browser's navigator strings the dialog sent (user agent, platform, …), as JSON. */
  client_json: string;
  state: FeedbackState;
  created_at: number;
}
export type Feedback = Selectable<SupportFeedbackTable>;
export type NewFeedback = Insertable<SupportFeedbackTable>;

declare module '../../infra/db/schema.js' {
  interface DB {
    support_feedback: SupportFeedbackTable;
  }
}
