import type { DevOutbox } from '../outbox/dev-outbox.js';

export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsGateway {
  send(msg: SmsMessage): Promise<void>;
}

/**
 * Generic HTTP SMS gateway: the URL template carries {to} and {text} placeholders (URL-encoded on substitution).
 * With POST the message also goes as a JSON body, which most operator gateways accept.
 */
export class HttpSmsGateway implements SmsGateway {
  constructor(
    private readonly urlTemplate: string,
    private readonly method: 'GET' | 'POST',
  ) {}
  async send(msg: SmsMessage): Promise<void> {
    const url = this.urlTemplate
      .replaceAll('{to}', encodeURIComponent(msg.to))
      .replaceAll('{text}', encodeURIComponent(msg.text));
    const res = await fetch(url, {
      method: this.method,
      headers: this.method === 'POST' ? { 'content-type': 'application/json' } : undefined,
      body: this.method === 'POST' ? JSON.stringify(msg) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

export class OutboxSmsGateway implements SmsGateway {
  constructor(private readonly outbox: DevOutbox) {}
  async send(msg: SmsMessage): Promise<void> {
    await this.outbox.write({ channel: 'sms', ...msg });
  }
}
