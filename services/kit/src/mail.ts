import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import type { BackgroundTask } from './bootstrap';
import { createWorker, type JobWorker, QueueName } from './jobs';
import type { Logger } from './logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Sends over SMTP (`smtpUrl` such as smtp://user:pass@host:587, or smtps:// for implicit TLS). */
export function createMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, ...(html === undefined ? {} : { html }) });
    },
    close: () => transport.close(),
  };
}

export type MailQueue = Queue<MailMessage, void>;

/** Queues a message for the mail worker (retried with backoff when SMTP fails); returns the job id. */
export async function enqueueMail(queue: MailQueue, message: MailMessage): Promise<string> {
  const job = await queue.add(QueueName.SendMail, message);
  if (!job.id) throw new Error('BullMQ returned a job without an id');
  return job.id;
}

/** Works the `send-mail` queue (create the queue with createQueue(QueueName.SendMail, ...)). */
export function createMailWorker({
  connection,
  prefix,
  mailer,
  logger,
}: {
  connection: Redis;
  prefix: string;
  mailer: Mailer;
  logger: Logger;
}): JobWorker<MailMessage, void> {
  return createWorker<MailMessage, void>(
    QueueName.SendMail,
    async (job) => {
      await mailer.send(job.data);
      logger.info({ jobId: job.id, subject: job.data.subject }, 'mail sent');
    },
    connection,
    prefix,
    { logger },
  );
}

/**
 * The send-mail worker as a background task (auth runs it; the board runs one too when RUN_WORKERS_IN_PROCESS):
 * the SMTP transport closes after the worker has finished its current job.
 */
export function createMailWorkerTask(options: {
  redis: Redis;
  prefix: string;
  smtpUrl: string;
  from: string;
  logger: Logger;
}): BackgroundTask {
  const mailer = createMailer({ smtpUrl: options.smtpUrl, from: options.from });
  const worker = createMailWorker({
    connection: options.redis,
    prefix: options.prefix,
    mailer,
    logger: options.logger,
  });
  return {
    start: () => worker.start(),
    async stop() {
      await worker.stop();
      mailer.close();
    },
  };
}
