import type { ColumnType, Insertable, Selectable } from 'kysely';

export type TicketState = 'open' | 'waiting_agent' | 'waiting_subscriber' | 'solved';
export type MessageAuthor = 'subscriber' | 'agent' | 'system';
/** A ticket opens one chat session; a session is what the chat page inside the frame holds. */
export type SupportTokenKind = 'ticket' | 'session';

// pg answers bigint columns as strings (the app's type parser turns them to numbers); counters are read as numbers.
type Big = ColumnType<number, number, number>;

export interface SupportTokenTable {
  token_hash: string;
  account_id: string;
  kind: SupportTokenKind;
  expires_at: Big;
  used_at: number | null;
  created_at: Big;
}

export interface SupportConversationTable {
  account_id: string;
  last_seq: Big;
  subscriber_seen_at: number | null;
}

export interface SupportTicketTable {
  account_id: string;
  id: string;
  state: TicketState;
  language: string;
  created_at: Big;
  updated_at: Big;
  waiting_since: Big;
  solved_at: number | null;
  rating: number | null;
  assignee_id: string | null;
  assignee_name: string | null;
  subscriber_read_seq: ColumnType<number, number | undefined, number>;
  agent_read_seq: ColumnType<number, number | undefined, number>;
  preview: ColumnType<string, string | undefined, string>;
}

export interface SupportMessageTable {
  account_id: string;
  seq: Big;
  id: string;
  ticket_id: string;
  client_id: string;
  author: MessageAuthor;
  author_id: string | null;
  author_name: string | null;
  text: string;
  /** 1: an agents' internal note, never sent to the subscriber. */
  internal: number;
  attachment_id: string | null;
  created_at: Big;
}

export interface SupportAttachmentTable {
  account_id: string;
  id: string;
  blob_key: string;
  name: string;
  mime: string;
  size: Big;
  uploaded_by: 'subscriber' | 'agent';
  created_at: Big;
}

export interface SupportCannedTable {
  id: string;
  language: string;
  title: string;
  text: string;
  created_at: Big;
  updated_at: Big;
}

export type Ticket = Selectable<SupportTicketTable>;
export type Message = Selectable<SupportMessageTable>;
export type NewMessage = Insertable<SupportMessageTable>;
export type Attachment = Selectable<SupportAttachmentTable>;
export type Canned = Selectable<SupportCannedTable>;

declare module '../../infra/db/schema.js' {
  interface DB {
    support_token: SupportTokenTable;
    support_conversation: SupportConversationTable;
    support_ticket: SupportTicketTable;
    support_message: SupportMessageTable;
    support_attachment: SupportAttachmentTable;
    support_canned: SupportCannedTable;
  }
}
