import {
  type BackgroundTask,
  createMailer,
  createMailWorker,
  createQueue,
  enqueueMail,
  type Logger,
  type MailMessage,
  QueueName,
  type Redis,
} from '@rainmakers/kit';

/** Hands e-mails to the `send-mail` queue; the mail worker sends them over SMTP (with retries). */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createMailSender(redis: Redis, prefix: string): MailSender {
  const queue = createQueue<MailMessage, void>(QueueName.SendMail, redis, prefix);
  return {
    async send(message) {
      await enqueueMail(queue, message);
    },
    close: () => queue.close(),
  };
}

/** The send-mail worker as a background task (in worker.ts, or in-process when RUN_WORKERS_IN_PROCESS). */
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
