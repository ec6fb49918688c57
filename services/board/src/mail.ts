import {
  type BackgroundTask,
  createMailer,
  createMailWorker,
  createQueue,
  type Logger,
  type MailMessage,
  QueueName,
  type Redis,
} from '@rainmakers/kit';

/** The shared send-mail queue (auth's worker and ours both work it), with job ids that make a resend a no-op. */
export interface MentionMailQueue {
  send(message: MailMessage, jobId: string): Promise<void>;
  close(): Promise<void>;
}

export function createMentionMailQueue(redis: Redis, prefix: string): MentionMailQueue {
  const queue = createQueue<MailMessage, void>(QueueName.SendMail, redis, prefix);
  return {
    async send(message, jobId) {
      await queue.add(QueueName.SendMail, message, { jobId });
    },
    close: () => queue.close(),
  };
}

/** The send-mail worker as a background task (in-process when RUN_WORKERS_IN_PROCESS, as auth does). */
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
