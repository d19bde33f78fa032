import nodemailer from 'nodemailer';
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
  private readonly transport;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }
  async send(msg: MailMessage): Promise<void> {
    await this.transport.sendMail({
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
