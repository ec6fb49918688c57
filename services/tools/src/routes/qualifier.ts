/**
 * /api/product-qualifier/*: save and send (spec part 2 §7). The score, rating and feedback are recomputed here
 * from the answers (contracts/qualifier.ts); what the client says they were is ignored.
 */
import {
  qualifierSaveSchema,
  qualifierScore,
  qualifierSendSchema,
  rating,
  resultsMailText,
} from '@rainmakers/contracts';
import { forbidden, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import type { ToolsDeps } from '../deps';
import { canSaveQualifierResult, canSendQualifierResult } from '../policies';
import { insertQualifierResult } from '../store/qualifier';

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

  router.post('/send', async (req, res) => {
    const actor = requireActor(req);
    const { answers, email, keywords } = parse(qualifierSendSchema, req.body);
    if (!canSendQualifierResult(actor)) throw forbidden();
    const score = qualifierScore(answers);
    const mail = resultsMailText({ answers, keywords });
    await deps.mail.send({ to: email, ...mail });
    await insertQualifierResult(deps.db, {
      userId: actor.userId,
      answers,
      score,
      result: rating(score),
      keywords,
      emailedTo: email,
    });
    res.json({ success: true, score, result: rating(score) });
  });

  return router;
}
