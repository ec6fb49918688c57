/**
 * broadcast: an admin's broadcast to 10,000 people queued through the gateway (POST /api/broadcast -> 202 with its
 * recipients written), target under 5 s. The people are inserted with one tag first; once measured, the
 * broadcast's recipients are stamped skipped so the worker does not spend the rest of the bench mailing them.
 */
import pg from 'pg';
import type { GatewaySession } from '../seed/context';

export const BROADCAST_RECIPIENTS = 10_000;
export const BROADCAST_TARGET_S = 5;

export interface BroadcastBenchResult {
  recipients: number;
  queuedMs: number;
  targets: { name: string; value: string; limit: string; pass: boolean }[];
}

export async function runBroadcastBench(input: {
  admin: GatewaySession;
  usersDb: string;
  log: (line: string) => void;
}): Promise<BroadcastBenchResult> {
  const stamp = Date.now().toString(36);
  const client = new pg.Client({ connectionString: input.usersDb });
  await client.connect();
  try {
    const { tag } = await input.admin.post<{ tag: { id: number } }>('/api/tag/upsert', {
      name: `bench broadcast ${stamp}`,
    });
    input.log(`  inserting ${BROADCAST_RECIPIENTS} people with tag ${tag.id} ...`);
    await client.query(
      `WITH people AS (
         INSERT INTO users (full_name, email, role)
         SELECT 'Bench Broadcast ' || n, 'bench-broadcast-' || $2 || '-' || n || '@bench.test', 'basic'
         FROM generate_series(1, $1::int) AS n RETURNING id)
       INSERT INTO user_tags (user_id, tag_id) SELECT id, $3 FROM people`,
      [BROADCAST_RECIPIENTS, stamp, tag.id],
    );
    await client.query('ANALYZE users; ANALYZE user_tags');
    const started = performance.now();
    const queued = await input.admin.post<{ jobId: string; recipients: number }>('/api/broadcast', {
      subject: `Bench broadcast ${stamp}`,
      body: 'A **bench** broadcast.',
      audience: { tagIds: [tag.id] },
    });
    const queuedMs = performance.now() - started;
    await client.query(
      `UPDATE broadcast_recipients SET sent_at = now(), outcome = 'skipped' WHERE broadcast_id = $1 AND sent_at IS NULL`,
      [queued.jobId],
    );
    input.log(`  queued for ${queued.recipients} people in ${queuedMs.toFixed(0)} ms`);
    return {
      recipients: queued.recipients,
      queuedMs,
      targets: [
        {
          name: `broadcast to ${BROADCAST_RECIPIENTS} people queued (POST /api/broadcast -> 202)`,
          value: `${(queuedMs / 1000).toFixed(2)} s`,
          limit: `< ${BROADCAST_TARGET_S} s`,
          pass: queuedMs < BROADCAST_TARGET_S * 1000 && queued.recipients === BROADCAST_RECIPIENTS,
        },
      ],
    };
  } finally {
    await client.end();
  }
}
