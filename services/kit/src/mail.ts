import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import type { BackgroundTask } from './bootstrap';
import { createQueue, createWorker, type JobWorker, QueueName } from './jobs';
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
 * The send-mail worker as a background task (auth's, the one place mail is sent from):
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

/**
 * Hands e-mails to the shared `send-mail` queue (the mail worker sends them over SMTP, with retries). A `jobId`
 * makes a repeated send of the same message a no-op. As a background task it closes the queue's handle on stop.
 */
export interface MailSender extends BackgroundTask {
  send(message: MailMessage, jobId?: string): Promise<void>;
  close(): Promise<void>;
}

export function createMailSender(redis: Redis, prefix: string): MailSender {
  const queue = createQueue<MailMessage, void>(QueueName.SendMail, redis, prefix);
  const close = () => queue.close();
  return {
    async send(message, jobId) {
      const job = await queue.add(QueueName.SendMail, message, jobId === undefined ? {} : { jobId });
      if (!job.id) throw new Error('BullMQ returned a job without an id');
    },
    close,
    start: () => {},
    stop: close,
  };
}

/** The settings of a service that sends mail. */
export interface MailConfig {
  REDIS_PREFIX: string;
  SMTP_URL: string;
  MAIL_FROM: string;
}

/** The send-mail worker of a service's settings: auth's workers (its worker process, or in-process in development). */
export function mailWorkerFor(config: MailConfig, redis: Redis, logger: Logger): BackgroundTask {
  return createMailWorkerTask({
    redis,
    prefix: config.REDIS_PREFIX,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    logger: logger.child({ worker: QueueName.SendMail }),
  });
}
