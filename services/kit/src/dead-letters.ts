/**
 * The operator's dead-letter commands (docs/runbooks.md "Dead letters"): list the dead-letter streams, inspect a
 * topic's entries, replay them onto the topic's stream, or purge them. A replayed event reaches every consumer
 * group again; a group that had already handled it skips it (handlers run at most once per event id, consumer.ts),
 * so only the group that gave up does the work.
 */

import { deadLetterStreamKey, eventStreamKey } from './bus/redis-streams';
import type { Redis } from './redis';

export interface DeadLetter {
  id: string;
  group: string;
  error: string;
  failedAt: string;
  deliveries: number;
  envelope: string;
}

function fields(raw: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) out[raw[i] as string] = raw[i + 1] as string;
  return out;
}

/** Every topic with a dead-letter stream, with its entry count. */
export async function listDeadLetters(redis: Redis, prefix: string): Promise<{ topic: string; count: number }[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${deadLetterStreamKey(prefix, '')}*`, 'COUNT', 500);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  const start = deadLetterStreamKey(prefix, '').length;
  const rows = await Promise.all(keys.map(async (key) => ({ topic: key.slice(start), count: await redis.xlen(key) })));
  return rows.sort((a, b) => a.topic.localeCompare(b.topic));
}

/** A topic's dead letters, oldest first (at most `limit`). */
export async function readDeadLetters(redis: Redis, prefix: string, topic: string, limit = 100): Promise<DeadLetter[]> {
  const entries = await redis.xrange(deadLetterStreamKey(prefix, topic), '-', '+', 'COUNT', limit);
  return entries.map(([id, raw]) => {
    const f = fields(raw);
    return {
      id,
      group: f.group ?? '',
      error: f.error ?? '',
      failedAt: f.failedAt ?? '',
      deliveries: Number(f.deliveries ?? 0),
      envelope: f.envelope ?? '',
    };
  });
}

/** `ids` or, with `all`, every entry of the topic's dead-letter stream. */
async function chosen(redis: Redis, prefix: string, topic: string, ids: readonly string[] | 'all') {
  const letters = await readDeadLetters(redis, prefix, topic, Number.MAX_SAFE_INTEGER);
  if (ids === 'all') return letters;
  const wanted = new Set(ids);
  return letters.filter((letter) => wanted.has(letter.id));
}

/** Puts the chosen dead letters back on the topic's stream and removes them from dead letters; returns how many. */
export async function replayDeadLetters(
  redis: Redis,
  prefix: string,
  topic: string,
  ids: readonly string[] | 'all',
): Promise<number> {
  const letters = await chosen(redis, prefix, topic, ids);
  for (const letter of letters) {
    // One transaction per entry: an entry is never both replayed and still parked, nor lost between the two.
    await redis
      .multi()
      .xadd(eventStreamKey(prefix, topic), '*', 'envelope', letter.envelope)
      .xdel(deadLetterStreamKey(prefix, topic), letter.id)
      .exec();
  }
  return letters.length;
}

/** Deletes the chosen dead letters for good; returns how many. */
export async function purgeDeadLetters(
  redis: Redis,
  prefix: string,
  topic: string,
  ids: readonly string[] | 'all',
): Promise<number> {
  const letters = await chosen(redis, prefix, topic, ids);
  if (letters.length === 0) return 0;
  await redis.xdel(deadLetterStreamKey(prefix, topic), ...letters.map((letter) => letter.id));
  return letters.length;
}
