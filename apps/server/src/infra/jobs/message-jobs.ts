import type { Mailer, MailMessage } from '../mail/mailer.js';
import type { SmsGateway, SmsMessage } from '../sms/sms-gateway.js';
import type { JobQueue } from './job-queue.js';
import type { Executor } from '../db/executor.js';

/** Outgoing e-mail and SMS go through the job queue, so they are sent only if the data change commits, and retried. */
export class MessageJobs {
  constructor(private readonly jobs: JobQueue) {}

  static register(jobs: JobQueue, mailer: Mailer, sms: SmsGateway): MessageJobs {
    jobs.register('mail.send', (p) => mailer.send(p as MailMessage), { maxAttempts: 8, backoffMs: 5_000 });
    jobs.register('sms.send', (p) => sms.send(p as SmsMessage), { maxAttempts: 8, backoffMs: 5_000 });
    return new MessageJobs(jobs);
  }

  email(executor: Executor, msg: MailMessage): Promise<string> {
    return this.jobs.enqueue(executor, 'mail.send', msg);
  }

  sms(executor: Executor, msg: SmsMessage): Promise<string> {
    return this.jobs.enqueue(executor, 'sms.send', msg);
  }
}
