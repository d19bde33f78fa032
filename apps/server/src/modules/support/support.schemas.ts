import { Type, type Static } from 'typebox';
import { LanguageSchema, UuidSchema } from '../../shared/schemas.js';
import type { Attachment, Canned, Message, Ticket } from './support.table.js';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());
const Iso = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const TICKET_STATES = ['open', 'waiting_agent', 'waiting_subscriber', 'solved'] as const;
export const TicketStateSchema = Type.Union([Type.Literal('open'), Type.Literal('waiting_agent'), Type.Literal('waiting_subscriber'), Type.Literal('solved')]);
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'] as const;

export const SupportAttachment = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    mime: Type.Union([Type.Literal('image/jpeg'), Type.Literal('image/png'), Type.Literal('image/gif'), Type.Literal('image/webp'), Type.Literal('application/pdf')]),
    size: Type.Integer(),
  },
  { $id: 'SupportAttachment' },
);

export const SupportTicket = Type.Object(
  {
    id: Type.String(),
    state: TicketStateSchema,
    language: Type.String(),
    createdAt: Iso,
    updatedAt: Iso,
    solvedAt: Nullable(Iso),
    rating: Nullable(Type.Integer({ minimum: 1, maximum: 5 })),
    assigneeId: Nullable(Type.String()),
    assigneeName: Nullable(Type.String()),
    subscriberReadSeq: Type.Integer(),
    agentReadSeq: Type.Integer(),
  },
  { $id: 'SupportTicket' },
);
export type SupportTicket = Static<typeof SupportTicket>;

export const SupportMessage = Type.Object(
  {
    id: Type.String(),
    ticketId: Type.String(),
    seq: Type.Integer(),
    clientId: Type.String(),
    author: Type.Union([Type.Literal('subscriber'), Type.Literal('agent'), Type.Literal('system')]),
    authorName: Nullable(Type.String()),
    text: Type.String(),
    attachment: Nullable(SupportAttachment),
    createdAt: Iso,
    internal: Type.Boolean(),
  },
  { $id: 'SupportMessage' },
);
export type SupportMessage = Static<typeof SupportMessage>;

export const SupportConversation = Type.Object(
  { ticket: Nullable(SupportTicket), messages: Type.Array(SupportMessage), lastSeq: Type.Integer() },
  { $id: 'SupportConversation' },
);
export type SupportConversation = Static<typeof SupportConversation>;

// --- requests

export const SessionHeaders = Type.Object({ 'x-support-session': Type.String({ minLength: 1, maxLength: 200 }) });
export const OpenSessionBody = Type.Object({ ticket: Type.String({ minLength: 1, maxLength: 200 }) });
export const OpenedSession = Type.Object({
  data: Type.Object({ session: Type.String(), expiresAt: Iso, language: Type.String(), conversation: SupportConversation }),
});
export const ConversationQuery = Type.Object({
  after: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Long polling (the fallback where WebSockets are blocked): seconds to wait for something newer. */
  wait: Type.Optional(Type.Integer({ minimum: 0, maximum: 25 })),
});
export const MESSAGE_MAX_LENGTH = 4000;
export const SendMessageBody = Type.Object({
  clientId: UuidSchema,
  text: Type.String({ maxLength: MESSAGE_MAX_LENGTH }),
  attachmentId: Type.Optional(UuidSchema),
});
export const AgentMessageBody = Type.Object({
  clientId: UuidSchema,
  text: Type.String({ maxLength: MESSAGE_MAX_LENGTH }),
  internal: Type.Optional(Type.Boolean()),
  attachmentId: Type.Optional(UuidSchema),
});
export const AttachmentQuery = Type.Object({ name: Type.Optional(Type.String({ maxLength: 255 })) });
export const IdParams = Type.Object({ id: UuidSchema });
export const ReadBody = Type.Object({ seq: Type.Integer({ minimum: 0 }) });
export const RatingBody = Type.Object({ rating: Type.Integer({ minimum: 1, maximum: 5 }) });
export const TicketIssued = Type.Object({ data: Type.Object({ ticket: Type.String(), expiresAt: Iso }) });
/** An attachment's bytes, always as a download (Content-Disposition: attachment). */
export const AttachmentBytes = Type.String({ format: 'binary', description: 'The attachment, as a download.' });
/** A WebSocket route: the answer is the protocol switch, then frames (docs/support-chat.md). */
export const SocketUpgrade = Type.Null({ description: 'Switches to the WebSocket protocol; see the frames in docs/support-chat.md.' });
export const ChatConfig = Type.Object({ data: Type.Object({ chatUrl: Type.String() }) });

// --- console

export const InboxQuery = Type.Object({
  state: Type.Optional(Type.Union([TicketStateSchema, Type.Literal('new'), Type.Literal('done')])),
  language: Type.Optional(Type.String({ maxLength: 8 })),
  kind: Type.Optional(Type.Union([Type.Literal('ticket'), Type.Literal('feedback')])),
  type: Type.Optional(Type.Union([Type.Literal('SUGGESTION'), Type.Literal('COMPLAINT')])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export const InboxItem = Type.Object(
  {
    kind: Type.Union([Type.Literal('ticket'), Type.Literal('feedback')]),
    id: Type.String(),
    state: Type.String(),
    language: Type.String(),
    type: Nullable(Type.String()),
    accountId: Type.String(),
    waitingSince: Iso,
    assigneeId: Nullable(Type.String()),
    assigneeName: Nullable(Type.String()),
    preview: Type.String(),
    /** Read marks (tickets; 0 for feedback): the last sequence number each side has read. */
    subscriberReadSeq: Type.Integer(),
    agentReadSeq: Type.Integer(),
  },
  { $id: 'SupportInboxItem' },
);
export type InboxItem = Static<typeof InboxItem>;
export const Inbox = Type.Object({ items: Type.Array(InboxItem) });

export const SubscriberFacts = Type.Object(
  {
    accountId: Type.String(),
    name: Type.String(),
    language: Type.String(),
    countryCode: Type.String(),
    status: Type.String(),
    suspended: Type.Boolean(),
    packageCode: Nullable(Type.String()),
    packageStatus: Nullable(Type.String()),
    quotaBytes: Type.Integer(),
    usedBytes: Type.Integer(),
    lockedUntil: Nullable(Iso),
  },
  { $id: 'SupportSubscriberFacts' },
);
export type SubscriberFacts = Static<typeof SubscriberFacts>;

export const ConsoleTicket = Type.Object({
  ticket: Type.Intersect([SupportTicket, Type.Object({ accountId: Type.String() })]),
  messages: Type.Array(SupportMessage),
  subscriber: Nullable(SubscriberFacts),
});
export const TicketOnly = Type.Object({ ticket: SupportTicket });
export const AssignBody = Type.Object({ operatorId: UuidSchema });
export const MessageOnly = Type.Object({ message: SupportMessage });
export const AttachmentOnly = Type.Object({ attachment: SupportAttachment });

export const FeedbackDetail = Type.Object({
  feedback: Type.Object({
    id: Type.String(),
    accountId: Type.String(),
    type: Type.String(),
    language: Type.String(),
    text: Type.String(),
    client: Type.Record(Type.String(), Type.String()),
    state: Type.String(),
    createdAt: Iso,
  }),
});

export const CannedReply = Type.Object(
  { id: Type.String(), language: LanguageSchema, title: Type.String(), text: Type.String() },
  { $id: 'SupportCannedReply' },
);
export const CannedBody = Type.Object({
  language: LanguageSchema,
  title: Type.String({ minLength: 1, maxLength: 200 }),
  text: Type.String({ minLength: 1, maxLength: MESSAGE_MAX_LENGTH }),
});
export const CannedQuery = Type.Object({ language: Type.Optional(LanguageSchema) });
export const CannedList = Type.Object({ items: Type.Array(CannedReply) });
export const CannedOnly = Type.Object({ item: CannedReply });
export const Agents = Type.Object({ items: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })) });

// --- mappers

export const toTicket = (t: Ticket): SupportTicket => ({
  id: t.id,
  state: t.state,
  language: t.language,
  createdAt: iso(t.created_at)!,
  updatedAt: iso(t.updated_at)!,
  solvedAt: iso(t.solved_at),
  rating: t.rating,
  assigneeId: t.assignee_id,
  assigneeName: t.assignee_name,
  subscriberReadSeq: Number(t.subscriber_read_seq),
  agentReadSeq: Number(t.agent_read_seq),
});

export const toAttachment = (a: Attachment) => ({ id: a.id, name: a.name, mime: a.mime as (typeof ATTACHMENT_TYPES)[number], size: Number(a.size) });

export const toMessage = (m: Message, attachments: ReadonlyMap<string, Attachment>): SupportMessage => {
  const a = m.attachment_id ? attachments.get(m.attachment_id) : undefined;
  return {
    id: m.id,
    ticketId: m.ticket_id,
    seq: Number(m.seq),
    clientId: m.client_id,
    author: m.author,
    authorName: m.author_name,
    text: m.text,
    attachment: a ? toAttachment(a) : null,
    createdAt: iso(m.created_at)!,
    internal: m.internal === 1,
  };
};

export const toCanned = (c: Canned) => ({ id: c.id, language: c.language as Static<typeof LanguageSchema>, title: c.title, text: c.text });
export const isoOf = iso;
