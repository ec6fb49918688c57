/**
 * The weekly digest sweep, run by the board-reminders job after the due-date reminders (jobs.ts): every person owed
 * this week's digest (Monday from 08:00 in her zone) is recorded once in weekly_digests, her digest read in the same
 * transaction and, unless it has nothing at all to say, queued on send-mail. docs/decisions.md "Weekly digest".
 */
import type { MailSender } from '@rainmakers/kit';
import type { BoardDeps } from '../deps';
import {
  type CoachDigest,
  coachDigestMail,
  type DigestMail,
  digestDayAnywhere,
  digestJobId,
  memberDigestMail,
} from '../domain/digest';
import type { BoardTx } from '../store/db';
import {
  claimWeeklyDigest,
  coachDigestOf,
  type DigestCandidate,
  digestCandidates,
  memberDigestOf,
} from '../store/digests';

/** People per transaction, and transactions per run: a run settles at most 500 digests, the next minute the rest. */
export const DIGEST_BATCH = 50;
export const DIGEST_MAX_BATCHES = 10;

/** What the sweep needs besides the database: the shared send-mail queue and PUBLIC_URL for the links. */
export interface DigestDeps extends Pick<BoardDeps, 'db'> {
  mail: MailSender;
  publicUrl: string;
}

export interface DigestSweep {
  /** Digests this call queued. */
  mailed: number;
  /** Digests this call recorded with nothing to say (not mailed). */
  empty: number;
}

/** Settles the digests owed at `now`; a racing sweep's are not counted. */
export async function sweepWeeklyDigests(
  deps: DigestDeps,
  now: Date = new Date(),
  limits: { batch: number; maxBatches: number } = { batch: DIGEST_BATCH, maxBatches: DIGEST_MAX_BATCHES },
): Promise<DigestSweep> {
  const total: DigestSweep = { mailed: 0, empty: 0 };
  if (!digestDayAnywhere(now)) return total;
  for (let round = 0; round < limits.maxBatches; round++) {
    const candidates = await digestCandidates(deps.db, now, limits.batch);
    if (candidates.length === 0) break;
    const done = await deps.db.transaction().execute((trx) => settleBatch(deps, trx, candidates, now));
    total.mailed += done.mailed;
    total.empty += done.empty;
    if (candidates.length < limits.batch) break;
  }
  return total;
}

async function settleBatch(
  deps: DigestDeps,
  trx: BoardTx,
  candidates: readonly DigestCandidate[],
  now: Date,
): Promise<DigestSweep> {
  const done: DigestSweep = { mailed: 0, empty: 0 };
  // Every coach's digest says the same (coaches are not assigned to members): read once per transaction.
  let coachDigest: CoachDigest | undefined;
  for (const person of candidates) {
    if (!(await claimWeeklyDigest(trx, person.userId, person.weekStart))) continue;
    let message: DigestMail | null;
    if (person.kind === 'coach') {
      coachDigest ??= await coachDigestOf(trx, now);
      message = coachDigestMail(person, coachDigest, deps.publicUrl, now);
    } else {
      message = memberDigestMail(person, await memberDigestOf(trx, person.userId, now), deps.publicUrl, now);
    }
    if (!message) {
      done.empty++;
      continue;
    }
    // Queued before the commit, under the week's job id: a commit that fails leaves no record, and the next
    // sweep's claim queues the same job again, which the queue ignores; a commit that succeeds never lost its mail.
    await deps.mail.send(message, digestJobId(person.userId, person.weekStart));
    done.mailed++;
  }
  return done;
}
