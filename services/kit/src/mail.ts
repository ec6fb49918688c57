import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import type { BackgroundTask } from './bootstrap';
import { createQueue, createWorker, type JobWorker, QueueName } from './jobs';
import type { Logger } from './logger';
import { DEFAULT_MAIL_BRAND, type MailBrand, renderMail } from './mail-layout';

export interface MailMessage {
  to: string;
  subject: string;
  /** The message's own words; the send-mail worker adds the layout's footer (mail-layout.ts). */
  text: string;
  /** The body as an HTML fragment; the worker wraps it in the layout (made from `text` when left out). */
  html?: string;
  /** Extra headers (a broadcast's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** An optional message's unsubscribe address, in the layout's footer (both parts). */
  unsubscribeUrl?: string;
}

/** The message as sent: in the one layout, with the brand of the moment. */
export function laidOut(message: MailMessage, brand: MailBrand): MailMessage {
  // A whole document was queued before the layout existed: it goes as it was made.
  if (message.html && /^\s*<!doctype/i.test(message.html)) return message;
  const { html, text } = renderMail(message, brand);
  const { unsubscribeUrl: _shown, ...rest } = message;
  return { ...rest, html, text };
}

/** Where the worker reads the community's name and colour (site content), cached; never fails a send. */
export type MailBrandSource = () => Promise<MailBrand>;

/**
 * Caches what `read` answers for `ttlMs`; when it fails, the last answer (or the default brand) is used and
 * asked again after a short pause, so a resources outage never holds mail back.
 */
export function cachedMailBrand(read: () => Promise<MailBrand>, logger?: Logger, ttlMs = 60_000): MailBrandSource {
  let brand: MailBrand = DEFAULT_MAIL_BRAND;
  let until = 0;
  return async () => {
    if (Date.now() < until) return brand;
    try {
      brand = await read();
      until = Date.now() + ttlMs;
    } catch (error) {
      logger?.warn({ err: error }, 'mail brand unavailable; using the last one');
      until = Date.now() + Math.min(ttlMs, 5_000);
    }
    return brand;
  };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Sends over SMTP (`smtpUrl` such as smtp://user:pass@host:587, or smtps:// for implicit TLS). */
export function createMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, html, headers }) {
      await transport.sendMail({
        from,
        to,
        subject,
        text,
        ...(html === undefined ? {} : { html }),
        ...(headers === undefined ? {} : { headers }),
      });
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
  brand = async () => DEFAULT_MAIL_BRAND,
}: {
  connection: Redis;
  prefix: string;
  mailer: Mailer;
  logger: Logger;
  brand?: MailBrandSource;
}): JobWorker<MailMessage, void> {
  return createWorker<MailMessage, void>(
    QueueName.SendMail,
    async (job) => {
      await mailer.send(laidOut(job.data, await brand()));
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
  brand?: MailBrandSource;
}): BackgroundTask {
  const mailer = createMailer({ smtpUrl: options.smtpUrl, from: options.from });
  const worker = createMailWorker({
    connection: options.redis,
    prefix: options.prefix,
    mailer,
    logger: options.logger,
    ...(options.brand ? { brand: options.brand } : {}),
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
export function mailWorkerFor(
  config: MailConfig,
  redis: Redis,
  logger: Logger,
  brand?: MailBrandSource,
): BackgroundTask {
  return createMailWorkerTask({
    redis,
    prefix: config.REDIS_PREFIX,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    logger: logger.child({ worker: QueueName.SendMail }),
    ...(brand ? { brand } : {}),
  });
}
