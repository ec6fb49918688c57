import { createQueue, type MailMessage, QueueName, type Redis } from '@rainmakers/kit';

/** The shared send-mail queue (auth's worker works it; ours too when RUN_WORKERS_IN_PROCESS). */
export interface ToolsMailQueue {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createToolsMailQueue(redis: Redis, prefix: string): ToolsMailQueue {
  const queue = createQueue<MailMessage, void>(QueueName.SendMail, redis, prefix);
  return {
    async send(message) {
      await queue.add(QueueName.SendMail, message);
    },
    close: () => queue.close(),
  };
}
