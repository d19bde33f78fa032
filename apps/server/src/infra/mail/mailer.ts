import type { Transporter } from 'nodemailer';
import type { DevOutbox } from '../outbox/dev-outbox.js';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The bytes, base64: the message travels as a job's JSON payload. */
  contentBase64: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}

export class SmtpMailer implements Mailer {
  /** nodemailer is loaded with the first message, not at start (~0.03 CPU-s of every server start, issue 28). */
  private transport: Promise<Transporter> | null = null;
  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {}
  async send(msg: MailMessage): Promise<void> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(this.smtpUrl));
    const transport = await this.transport;
    await transport.sendMail({
      from: this.from,
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      attachments: msg.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, 'base64') })),
    });
  }
}

export class OutboxMailer implements Mailer {
  constructor(private readonly outbox: DevOutbox) {}
  async send(msg: MailMessage): Promise<void> {
    await this.outbox.write({ channel: 'email', ...msg });
  }
}
