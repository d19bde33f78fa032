/** The chat's shapes as the server sends them (issue 29 contract, /work docs: support API §4). */
export type TicketState = 'open' | 'waiting_agent' | 'waiting_subscriber' | 'solved';

export interface ChatTicket {
  id: string;
  state: TicketState;
  language: string;
  createdAt: string;
  updatedAt: string;
  solvedAt: string | null;
  rating: number | null;
  assigneeId: string | null;
  assigneeName: string | null;
  subscriberReadSeq: number;
  agentReadSeq: number;
}

export interface ChatAttachment {
  id: string;
  name: string;
  mime: string;
  size: number;
}

export interface ChatMessage {
  id: string;
  ticketId: string;
  seq: number;
  clientId: string;
  author: 'subscriber' | 'agent' | 'system';
  authorName: string | null;
  text: string;
  attachment: ChatAttachment | null;
  createdAt: string;
  internal?: boolean;
}

export interface Conversation {
  ticket: ChatTicket | null;
  messages: ChatMessage[];
  lastSeq: number;
}

/** Frames from the server on the subscriber's socket. */
export type ServerFrame =
  | { type: 'ready'; conversation: Conversation }
  | { type: 'message'; message: ChatMessage }
  | { type: 'ticket'; ticket: ChatTicket }
  | { type: 'typing'; author: string; typing: boolean }
  | { type: 'error'; status: string; message: string; clientId?: string }
  | { type: 'pong' };
