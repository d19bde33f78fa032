import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  text: string;
}

/** Development stand-in for SMTP and the SMS gateway: one JSON file per message that people and tests can read. */
export class DevOutbox {
  constructor(private readonly dir: string) {}

  async write(msg: OutboxMessage): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const createdAt = new Date().toISOString();
    const file = path.join(this.dir, `${Date.now()}-${msg.channel}-${randomUUID()}.json`);
    // Written to a temp name first so a reader never sees half a file.
    await fs.writeFile(`${file}.tmp`, JSON.stringify({ ...msg, createdAt }, null, 2));
    await fs.rename(`${file}.tmp`, file);
    return file;
  }
}
