import type { ChatAttachment, ChatMessage, ChatTicket } from '@/support-chat/types';

/** The support inbox's shapes (issue 29 contract §7); messages and tickets are the chat's own. */
export type SupportMessage = ChatMessage & { internal: boolean };
export type SupportTicket = ChatTicket;
export type SupportAttachment = ChatAttachment;

export interface InboxItem {
  kind: 'ticket' | 'feedback';
  id: string;
  /** A ticket's state, or new / done for feedback. */
  state: string;
  language: string;
  type: 'SUGGESTION' | 'COMPLAINT' | null;
  accountId: string;
  waitingSince: string;
  assigneeId: string | null;
  assigneeName: string | null;
  preview: string;
  subscriberReadSeq: number;
  agentReadSeq: number;
}

export interface InboxFilter {
  state?: string;
  language?: string;
  kind?: 'ticket' | 'feedback';
  type?: 'SUGGESTION' | 'COMPLAINT';
}

export interface SubscriberFacts {
  accountId: string;
  name: string;
  language: string;
  countryCode: string;
  status: string;
  suspended: boolean;
  packageCode: string | null;
  packageStatus: string | null;
  quotaBytes: number;
  usedBytes: number;
  lockedUntil: string | null;
}

export interface ConsoleTicket {
  ticket: SupportTicket & { accountId: string };
  messages: SupportMessage[];
  subscriber: SubscriberFacts | null;
}

export interface FeedbackDetail {
  id: string;
  accountId: string;
  type: string;
  language: string;
  text: string;
  client: Record<string, string>;
  state: string;
  createdAt: string;
}

export interface CannedReply {
  id: string;
  language: string;
  title: string;
  text: string;
}

export interface Agent {
  id: string;
  name: string;
}
