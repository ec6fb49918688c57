/** /api/account: the signed-in person's own account (closing it; her data export is gathered by the gateway). */
import { ACCOUNT_OWNER_ONLY, closeAccountSchema } from '@rainmakers/contracts';
import { forbidden, parse } from '@rainmakers/kit';
import { Router } from 'express';
import { closeOwnAccount } from '../commands/account';
import type { AuthDeps } from '../deps';
import { canCloseOwnAccount } from '../policies';
import { bodyOf, clearSessionCookie, limitByIp, requireSignedIn } from './http';
import { policyActor } from './second-factor';

export function accountRoutes(deps: AuthDeps): Router {
  const router = Router();

  /** She closes her account: 204 and her cookie cleared; 400 a wrong password or code; 409 the last admin. */
  router.delete('/', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const current = await requireSignedIn(deps, req);
    if (!canCloseOwnAccount(policyActor(current))) throw forbidden(ACCOUNT_OWNER_ONLY);
    const input = parse(closeAccountSchema, bodyOf(req));
    // Before the password hash is computed, like every other password check of auth.
    await limitByIp(deps, req, res, 'close-account');
    await closeOwnAccount(deps, current.session.userId, input);
    clearSessionCookie(deps, res);
    res.status(204).end();
  });

  return router;
}
