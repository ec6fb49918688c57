import { createQueue, enqueueMail, type MailMessage, QueueName, type Redis } from '@rainmakers/kit';

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
