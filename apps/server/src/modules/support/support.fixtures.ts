import { WebSocket } from 'ws';
import { authed, type TestApp } from '../../test/harness.js';

type Frame = Record<string, unknown> & { type: string };

/** A real WebSocket client (the `ws` package) that keeps every frame it got, for tests and the benchmark. */
export class ChatClient {
  readonly frames: Frame[] = [];
  private waiters: Array<{ match: (f: Frame) => boolean; resolve: (f: Frame) => void; from: number }> = [];
  closed: { code: number } | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      this.frames.push(frame);
      for (const w of [...this.waiters]) {
        if (w.match(frame)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(frame);
        }
      }
    });
    ws.on('close', (code: number) => {
      this.closed = { code };
    });
  }

  static open(url: string): Promise<ChatClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const client = new ChatClient(ws);
      ws.on('open', () => resolve(client));
      ws.on('error', reject);
    });
  }

  send(frame: object): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** The first frame (already received or coming) that matches; fails the test after `ms`. */
  next<T extends Frame = Frame>(match: (f: Frame) => boolean, ms = 10_000): Promise<T> {
    const seen = this.frames.find(match);
    if (seen) {
      this.frames.splice(this.frames.indexOf(seen), 1);
      return Promise.resolve(seen as T);
    }
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(this.frames)}`)), ms);
      this.waiters.push({
        match,
        from: this.frames.length,
        resolve: (f) => {
          clearTimeout(timer);
          this.frames.splice(this.frames.indexOf(f), 1);
          resolve(f as T);
        },
      });
    });
  }

  /** Resolves once the server closed the socket (or it was closed here). */
  whenClosed(): Promise<{ code: number }> {
    if (this.closed) return Promise.resolve(this.closed);
    return new Promise((resolve) => this.ws.on('close', (code: number) => resolve({ code })));
  }

  close(): void {
    this.ws.close();
  }

  /** A network drop: no close handshake. */
  drop(): void {
    this.ws.terminate();
  }
}

/** A subscriber's chat session as the chat page opens one: a ticket for the account, then the session it opens. */
export async function openChatSession(t: TestApp, token: string): Promise<string> {
  const issued = await t.app.inject({ method: 'GET', url: '/api/account/ticket', headers: authed(token) });
  if (issued.statusCode !== 200) throw new Error(`no ticket: ${issued.body}`);
  const opened = await t.app.inject({ method: 'POST', url: '/api/support/session', payload: { ticket: issued.json().data.ticket } });
  if (opened.statusCode !== 200) throw new Error(`no chat session: ${opened.body}`);
  return opened.json().data.session as string;
}
