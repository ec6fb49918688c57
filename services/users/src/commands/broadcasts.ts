/**
 * Broadcasts: queueing one (its recipients written first, then the job), and the job that mails them in paced,
 * bounded batches (docs/decisions.md "Broadcasts and unsubscribe").
 */
import { randomUUID } from 'node:crypto';

import type { Actor, BroadcastAudience } from '@rainmakers/contracts';
import type { Logger, MailSender, SecretKeys } from '@rainmakers/kit';
import {
  audienceFilter,
  batchPlan,
  broadcastMail,
  broadcastMailJobId,
  signUnsubscribeToken,
  unsubscribePageUrl,
  unsubscribeUrl,
} from '../domain/broadcasts';
import { appendAudit } from '../store/audit';
import {
  createBroadcast,
  deleteBroadcast,
  findBroadcast,
  markRecipients,
  pendingRecipients,
  setBroadcastState,
} from '../store/broadcasts';
import type { UsersDb } from '../store/users';

export interface BroadcastJobData {
  broadcastId: string;
}

export interface BroadcastQueue {
  add(name: string, data: BroadcastJobData, opts: { jobId: string }): Promise<unknown>;
}

/**
 * Writes the broadcast with its recipients, then queues its job (id: the broadcast's). A job that could not be
 * queued leaves nothing behind: the caller answers 503.
 */
export async function queueBroadcast(
  deps: { db: UsersDb; broadcasts: BroadcastQueue },
  actor: Actor,
  input: { subject: string; body: string; audience: BroadcastAudience },
): Promise<{ jobId: string; recipients: number }> {
  const id = randomUUID();
  const recipients = await createBroadcast(
    deps.db,
    {
      id,
      subject: input.subject,
      body: input.body,
      audience: input.audience,
      createdBy: actor.userId,
      createdByName: null,
    },
    audienceFilter(input.audience),
  );
  try {
    await deps.broadcasts.add('broadcast', { broadcastId: id }, { jobId: id });
  } catch (error) {
    await deleteBroadcast(deps.db, id).catch(() => undefined);
    throw error;
  }
  await appendAudit(deps.db, { actorId: actor.userId, impersonatorId: actor.impersonatorId ?? null }, [
    {
      action: 'broadcast.send',
      subjectType: 'broadcast',
      subjectId: id,
      subjectName: input.subject,
      before: null,
      after: { recipients, audience: input.audience },
    },
  ]);
  return { jobId: id, recipients };
}

export interface BroadcastJobDeps {
  db: UsersDb;
  mail: Pick<MailSender, 'send'>;
  /** PUBLIC_URL (kit mailPublicUrl): the unsubscribe links. */
  publicUrl: string;
  unsubscribeKeys: SecretKeys;
  perMinute: number;
  logger?: Logger;
  /** Waits between batches (tests may pass their own). */
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Mails a broadcast's pending recipients a batch at a time: each copy is queued on send-mail under its own job id,
 * then the batch's rows are stamped. A worker killed between the two queues the same ids again, which BullMQ
 * ignores, and a stamped row is never taken again: nobody gets the broadcast twice. Someone deleted or unsubscribed
 * since the broadcast was queued is stamped 'skipped'.
 */
export async function sendBroadcast(
  deps: BroadcastJobDeps,
  broadcastId: string,
  onProgress?: (progress: { total: number; sent: number; skipped: number }) => Promise<void>,
): Promise<'done' | 'missing'> {
  const broadcast = await findBroadcast(deps.db, broadcastId);
  if (!broadcast) return 'missing';
  await setBroadcastState(deps.db, broadcastId, 'sending');
  const plan = batchPlan(deps.perMinute);
  let sent = broadcast.sent;
  let skipped = broadcast.skipped;
  for (;;) {
    const started = Date.now();
    const batch = await pendingRecipients(deps.db, broadcastId, plan.size);
    if (batch.length === 0) break;
    const mailed: number[] = [];
    const gone: number[] = [];
    for (const recipient of batch) {
      if (!recipient.email || recipient.unsubscribed) {
        gone.push(recipient.userId);
        continue;
      }
      const token = signUnsubscribeToken(deps.unsubscribeKeys, recipient.userId);
      const message = broadcastMail(
        broadcast,
        { email: recipient.email, fullName: recipient.fullName ?? '' },
        { oneClick: unsubscribeUrl(deps.publicUrl, token), page: unsubscribePageUrl(deps.publicUrl, token) },
      );
      await deps.mail.send(message, broadcastMailJobId(broadcastId, recipient.userId));
      mailed.push(recipient.userId);
    }
    await markRecipients(deps.db, broadcastId, mailed, 'sent');
    await markRecipients(deps.db, broadcastId, gone, 'skipped');
    sent += mailed.length;
    skipped += gone.length;
    await onProgress?.({ total: broadcast.total, sent, skipped });
    const rest = plan.minMs - (Date.now() - started);
    if (rest > 0 && batch.length === plan.size) await (deps.sleep ?? wait)(rest);
  }
  await setBroadcastState(deps.db, broadcastId, 'done');
  deps.logger?.info({ broadcastId, sent, skipped }, 'broadcast sent');
  return 'done';
}
