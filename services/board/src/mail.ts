import { createQueue, type MailMessage, QueueName, type Redis } from '@rainmakers/kit';

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
