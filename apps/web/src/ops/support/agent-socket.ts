import { useEffect, useRef, useState } from 'react';
import { getOpsToken } from '../api/session';
import type { InboxItem, SupportMessage } from './types';

/** Frames the server sends on the agents' socket (issue 29 contract §6). */
export type AgentFrame =
  | { type: 'ready' }
  | { type: 'ticket'; ticket: InboxItem }
  | { type: 'replay'; ticketId: string; messages: SupportMessage[] }
  | { type: 'message'; ticketId: string; message: SupportMessage }
  | { type: 'typing'; ticketId: string; author: string; typing: boolean }
  | { type: 'error'; status: string; message: string; clientId?: string }
  | { type: 'pong' };

/** Closed for a bad or expired console token, or a role without the inbox: no retry. */
const FINAL_CLOSE_CODES = new Set([4401, 4403]);
const RETRY_BASE_MS = 500;
const RETRY_MAX_MS = 10_000;

export interface AgentSocketOptions {
  onFrame: (frame: AgentFrame) => void;
  /** The ticket this screen follows and the last seq it holds; asked again after every reconnect. */
  follow?: () => { ticketId: string; lastSeq: number } | null;
}

/**
 * The console's live connection to the support inbox: the console token goes in the first frame (never the address,
 * which lands in logs); it reconnects with back-off and re-subscribes from the last seq it holds, so nothing is lost.
 */
export function useAgentSocket({ onFrame, follow }: AgentSocketOptions) {
  const [connected, setConnected] = useState(false);
  const socketRef = useRef<WebSocket | null>(null);
  const handlers = useRef({ onFrame, follow });
  handlers.current = { onFrame, follow };

  useEffect(() => {
    let stopped = false;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const connect = () => {
      const token = getOpsToken();
      if (stopped || !token) return;
      const url = `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}/api/ops/support/ws`;
      const socket = new WebSocket(url);
      socketRef.current = socket;
      socket.onopen = () => socket.send(JSON.stringify({ type: 'hello', token }));
      socket.onmessage = (event) => {
        let frame: AgentFrame;
        try {
          frame = JSON.parse(String(event.data)) as AgentFrame;
        } catch {
          return;
        }
        if (frame.type === 'ready') {
          attempts = 0;
          setConnected(true);
          const followed = handlers.current.follow?.();
          if (followed) socket.send(JSON.stringify({ type: 'subscribe', ...followed }));
        }
        handlers.current.onFrame(frame);
      };
      socket.onclose = (event) => {
        if (socketRef.current === socket) socketRef.current = null;
        setConnected(false);
        if (stopped || FINAL_CLOSE_CODES.has(event.code)) return;
        timer = setTimeout(connect, Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempts++));
      };
    };
    connect();
    const online = () => {
      if (socketRef.current || stopped) return;
      if (timer) clearTimeout(timer);
      connect();
    };
    window.addEventListener('online', online);
    return () => {
      stopped = true;
      window.removeEventListener('online', online);
      if (timer) clearTimeout(timer);
      socketRef.current?.close(1000);
      socketRef.current = null;
    };
  }, []);

  const send = (frame: Record<string, unknown>) => {
    const socket = socketRef.current;
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  };
  return { connected, send };
}
