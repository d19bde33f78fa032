import { useEffect, useState } from 'react';
import { ChatApiError, openSession, type ChatSession } from './chat-api';

/** Where the frame keeps its session, so a reload of the frame does not need the (used) ticket again. */
const SESSION_KEY = 'bulut.support.session';

function storedSession(): ChatSession | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as ChatSession | null;
    return stored && Date.parse(stored.expiresAt) > Date.now() ? stored : null;
  } catch {
    return null;
  }
}

/** One exchange per ticket, even when an effect runs twice (React's strict mode): the ticket is single use. */
const exchanges = new Map<string, Promise<ChatSession>>();

function exchange(ticket: string, attempt: number): Promise<ChatSession> {
  const key = `${ticket}#${attempt}`;
  let pending = exchanges.get(key);
  if (!pending) {
    pending = openSession(ticket);
    exchanges.set(key, pending);
  }
  return pending;
}

export type SessionState = { kind: 'loading' } | { kind: 'ready'; session: ChatSession } | { kind: 'expired' } | { kind: 'error' };

/** Exchanges the ticket for a chat session once (a new ticket replaces a stored session). */
export function useChatSession(ticket: string | null, attempt: number): SessionState {
  const [state, setState] = useState<SessionState>({ kind: 'loading' });
  useEffect(() => {
    let cancelled = false;
    const stored = ticket ? null : storedSession();
    if (stored) {
      setState({ kind: 'ready', session: stored });
      return;
    }
    if (!ticket) {
      setState({ kind: 'expired' });
      return;
    }
    setState({ kind: 'loading' });
    exchange(ticket, attempt).then(
      (session) => {
        sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
        if (!cancelled) setState({ kind: 'ready', session });
      },
      (error: unknown) => {
        if (!cancelled) setState(error instanceof ChatApiError && error.httpStatus === 401 ? { kind: 'expired' } : { kind: 'error' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [ticket, attempt]);
  return state;
}
