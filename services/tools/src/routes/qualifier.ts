/**
 * /api/product-qualifier/*: save and send (spec part 2 §7). The score, rating and feedback are recomputed here
 * from the answers (contracts/qualifier.ts); what the client says they were is ignored.
 */
import {
  QUALIFIER_OWN_EMAIL_ONLY,
  QUALIFIER_SEND_LIMIT,
  type QualifierHistoryResponse,
  qualifierHistoryQuerySchema,
  qualifierSaveSchema,
  qualifierScore,
  qualifierSendSchema,
  type Rating,
  rating,
  resultsMailText,
} from '@rainmakers/contracts';
import { badRequest, forbidden, HttpError, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import type { ToolsDeps } from '../deps';
import { canListQualifierRatings, canSaveQualifierResult, canSendQualifierResult } from '../policies';
import {
  deleteQualifierResult,
  insertQualifierResult,
  listQualifierRatings,
  recordQualifierSend,
} from '../store/qualifier';

/** Results e-mails a person may send per day unless the service says otherwise (QUALIFIER_SENDS_PER_DAY). */
export const DEFAULT_QUALIFIER_SENDS_PER_DAY = 10;
const DAY_SECONDS = 24 * 60 * 60;

export function qualifierRoutes(deps: ToolsDeps): Router {
  const router = Router();

  router.post('/save', async (req, res) => {
    const actor = requireActor(req);
    const { answers } = parse(qualifierSaveSchema, req.body);
    if (!canSaveQualifierResult(actor)) throw forbidden();
    const score = qualifierScore(answers);
    const saved = await insertQualifierResult(deps.db, { userId: actor.userId, answers, score, result: rating(score) });
    res
      .status(201)
      .json({ result: { id: saved.id, score, result: saved.result, createdAt: saved.createdAt.toISOString() } });
  });

  /** Her own past ratings (saved by 'Rate My Product'), newest first, a page at a time (`before`, `limit`). */
  router.get('/history', async (req, res) => {
    const actor = requireActor(req);
    const { before, limit } = parse(qualifierHistoryQuerySchema, req.query);
    if (!canListQualifierRatings(actor)) throw forbidden();
    const page = await listQualifierRatings(deps.db, actor.userId, { before, limit });
    const last = page.ratings[page.ratings.length - 1];
    const body: QualifierHistoryResponse = {
      ratings: page.ratings.map((r) => ({
        id: r.id,
        score: r.score,
        result: r.result as Rating,
        answers: r.answers,
        createdAt: r.createdAt.toISOString(),
      })),
      nextBefore: page.more && last ? last.id : null,
    };
    res.json(body);
  });

  /**
   * The results go to the member's own address only (the actor's e-mail, from her access profile); a
   * different `email` is a 400 keyed `email`, and each person may send QUALIFIER_SENDS_PER_DAY a day (429).
   */
  router.post('/send', async (req, res) => {
    const actor = requireActor(req);
    const { answers, email, keywords } = parse(qualifierSendSchema, req.body);
    if (!canSendQualifierResult(actor)) throw forbidden();
    const own = actor.email?.trim().toLowerCase();
    if (!own) {
      // A profile cached at the gateway before it carried the e-mail: it is read again within minutes.
      res.set('Retry-After', '30');
      throw new HttpError(503, 'Your e-mail address could not be confirmed yet. Please try again in a moment.');
    }
    if (email.trim().toLowerCase() !== own) {
      req.log.warn({ userId: actor.userId }, 'qualifier send to another address refused');
      throw badRequest(QUALIFIER_OWN_EMAIL_ONLY, { email: QUALIFIER_OWN_EMAIL_ONLY });
    }
    const score = qualifierScore(answers);
    const recorded = await recordQualifierSend(
      deps.db,
      { userId: actor.userId, answers, score, result: rating(score), keywords, emailedTo: own },
      { sends: deps.qualifierSendsPerDay ?? DEFAULT_QUALIFIER_SENDS_PER_DAY, windowSeconds: DAY_SECONDS },
    );
    if ('retryAfterSeconds' in recorded) {
      res.set('Retry-After', String(recorded.retryAfterSeconds));
      throw new HttpError(429, QUALIFIER_SEND_LIMIT);
    }
    const mail = resultsMailText({ answers, keywords });
    try {
      await deps.mail.send({ to: own, ...mail });
    } catch (error) {
      await deleteQualifierResult(deps.db, recorded.saved.id).catch(() => {});
      throw error;
    }
    res.json({ success: true, score, result: rating(score) });
  });

  return router;
}
