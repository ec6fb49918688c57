import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Redis } from 'ioredis';
import { SMTPServer } from 'smtp-server';
import { createQueue, getJobStatus, type JobWorker, QueueName } from '../src/jobs';
import {
  createMailer,
  createMailWorker,
  enqueueMail,
  type Mailer,
  type MailMessage,
  type MailQueue,
} from '../src/mail';
import { createTestRedis, waitFor } from '../src/testing';
import { silentLogger as logger } from './support';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    stream.on('end', () => {
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      received.push({ from, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
      callback();
    });
  },
});

let redis: Redis;
let queue: MailQueue;
let mailer: Mailer;
let worker: JobWorker<MailMessage, void>;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const test = createTestRedis();
  redis = test.redis;
  mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Rainmakers <no-reply@rainmakers.local>' });
  queue = createQueue<MailMessage, void>(QueueName.SendMail, redis, test.prefix);
  worker = createMailWorker({ connection: redis, prefix: test.prefix, mailer, logger });
  worker.start();
});

afterAll(async () => {
  await worker.stop();
  await queue.close();
  mailer.close();
  redis.disconnect();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail', () => {
  it('sends a queued message over SMTP through the worker', async () => {
    const jobId = await enqueueMail(queue, {
      to: 'member@example.com',
      subject: 'Reset your password',
      text: 'Open this link to choose a new password.',
      html: '<p>Open this link to choose a new password.</p>',
    });
    const message = await waitFor(() => received.find((mail) => mail.raw.includes('Subject: Reset your password')), {
      what: 'the message at the SMTP server',
    });
    expect(message.from).toBe('no-reply@rainmakers.local');
    expect(message.to).toEqual(['member@example.com']);
    expect(message.raw).toContain('Open this link to choose a new password.');
    expect(message.raw).toContain('<p>Open this link to choose a new password.</p>');
    await waitFor(async () => (await getJobStatus(queue, jobId))?.state === 'completed', {
      what: 'the job to complete',
    });
  });
});
