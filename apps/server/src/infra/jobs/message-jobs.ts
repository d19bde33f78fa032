import type { Mailer, MailMessage } from '../mail/mailer.js';
import type { SmsGateway, SmsMessage } from '../sms/sms-gateway.js';
import type { JobQueue } from './job-queue.js';
import type { Executor } from '../db/executor.js';
import type { JobDeclaration } from '../module-manifest.js';

/** Outgoing e-mail and SMS go through the job queue, so they are sent only if the data change commits, and retried. */
export class MessageJobs {
  constructor(private readonly jobs: JobQueue) {}

  /** The job types that send; the app registers them with the other modules' jobs. */
  static jobs(mailer: Mailer, sms: SmsGateway): JobDeclaration[] {
    const options = { maxAttempts: 8, backoffMs: 5_000 };
    return [
      { type: 'mail.send', handler: (p) => mailer.send(p as MailMessage), options },
      { type: 'sms.send', handler: (p) => sms.send(p as SmsMessage), options },
    ];
  }

  static register(jobs: JobQueue, mailer: Mailer, sms: SmsGateway): MessageJobs {
    for (const job of MessageJobs.jobs(mailer, sms)) jobs.register(job.type, job.handler, job.options);
    return new MessageJobs(jobs);
  }

  email(executor: Executor, msg: MailMessage): Promise<string> {
    return this.jobs.enqueue(executor, 'mail.send', msg);
  }

  sms(executor: Executor, msg: SmsMessage): Promise<string> {
    return this.jobs.enqueue(executor, 'sms.send', msg);
  }
}
