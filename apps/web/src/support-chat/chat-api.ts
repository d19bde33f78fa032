import type { PollingTransport } from './chat-client';
import type { ChatAttachment, ChatMessage, ChatTicket, Conversation } from './types';

/**
 * The chat page's few REST calls (issue 29 contract §3). The page is its own small bundle inside a frame and holds
 * no subscriber token: a session from the single-use ticket, sent as X-Support-Session.
 */
export class ChatApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string,
  ) {
    super(status);
  }
}

async function call<T>(path: string, init: RequestInit & { session?: string } = {}): Promise<T> {
  const { session, headers, ...rest } = init;
  const response = await fetch(`/api${path}`, {
    ...rest,
    headers: { ...(session ? { 'X-Support-Session': session } : {}), ...(headers as Record<string, string> | undefined) },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { status?: string } | null;
    throw new ChatApiError(response.status, body?.status ?? 'ERROR');
  }
  return (await response.json()) as T;
}

const jsonBody = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export interface ChatSession {
  session: string;
  expiresAt: string;
  language: string;
  conversation: Conversation;
}

export const openSession = (ticket: string) => call<{ data: ChatSession }>('/support/session', jsonBody({ ticket })).then((r) => r.data);

export const getConversation = (session: string, after = 0, wait = 0) =>
  call<{ data: Conversation }>(`/support/conversation?after=${after}&wait=${wait}`, { session }).then((r) => r.data);

/** The chat's REST transport for when WebSockets do not get through (ChatClient falls back to it). */
export const pollingTransport = (session: string): PollingTransport => ({
  fetchAfter: (after, wait) => getConversation(session, after, wait),
  post: (message) => call<{ data: ChatMessage }>('/support/messages', { session, ...jsonBody(message) }).then((r) => r.data),
  read: (seq) => call('/support/read', { session, ...jsonBody({ seq }) }),
});

export const uploadAttachment = (session: string, file: File) =>
  call<{ data: ChatAttachment }>(`/support/attachments?name=${encodeURIComponent(file.name)}`, {
    session,
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: file,
  }).then((r) => r.data);

/** The bytes of an attachment (the server sends them only as a download, never as a page). */
export async function fetchAttachment(session: string, id: string): Promise<Blob> {
  const response = await fetch(`/api/support/attachments/${encodeURIComponent(id)}`, { headers: { 'X-Support-Session': session } });
  if (!response.ok) throw new ChatApiError(response.status, 'ERROR');
  return response.blob();
}

export const rateTicket = (session: string, rating: number) =>
  call<{ data: ChatTicket }>('/support/rating', { session, ...jsonBody({ rating }) }).then((r) => r.data);

export const socketUrl = (location: Location = window.location) => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/support/ws`;

/** Attachments the chat takes (contract: images and PDF up to 10 MB; the server sniffs the bytes again). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,application/pdf';

export function attachmentProblem(file: File): 'size' | 'type' | null {
  if (file.size > ATTACHMENT_MAX_BYTES) return 'size';
  return ATTACHMENT_ACCEPT.split(',').includes(file.type) ? null : 'type';
}
