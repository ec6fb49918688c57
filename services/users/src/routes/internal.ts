import { emailField, idParam, internalAuditSchema, internalCreateUserSchema } from '@rainmakers/contracts';
import { forbidden, notFound, parse, requireService } from '@rainmakers/kit';
import { Router } from 'express';
import { z } from 'zod';
import { closeOwnAccount } from '../commands/account';
import { type CommandDeps, createUser } from '../commands/users';
import type { AppDeps } from '../deps';
import { accountClosedJobId, accountClosedMail } from '../domain/account-closed';
import { presentAccessProfile, presentOwnAccountExport, presentUser } from '../presenters';
import { ownAccountFacts } from '../store/account';
import { appendAudit } from '../store/audit';
import { findUserByEmail, findUserById } from '../store/users';

/** The internal caller trusted to attach any tag to the people it creates (scripts/seed, for the stack's operator). */
const SEED_SERVICE = 'seed';

/** /internal/*: called by other services (auth) with a service token; never routed by the gateway. */
export function internalRoutes(deps: CommandDeps & Pick<AppDeps, 'mail'>): Router {
  const router = Router();
  router.use(requireService);

  router.post('/users', async (req, res) => {
    const input = parse(internalCreateUserSchema, req.body ?? {});
    // These tags come from a sign-up link (auth passes a visitor's ?signuptags= through), so only tags an
    // admin allowed on sign-up links are attached and every other id is dropped and logged. The rule lives here, with
    // the tags, for every caller; only the seed, which provisions a stack for its operator, attaches any tag.
    const signupRule = req.callerService !== SEED_SERVICE;
    const user = await createUser(
      deps,
      {
        fullName: input.fullName,
        email: input.email,
        role: input.role,
        photoUrl: null,
        city: null,
        state: null,
        country: null,
        phoneNumber: null,
        alwaysGrantAccess: false,
        password: null,
        tagIds: input.tagIds ?? [],
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      },
      // A sign-up link may carry tags deleted or no longer allowed since: the sign-up still goes through.
      {
        unknownTags: signupRule ? 'signup' : 'ignore',
        emailTakenStatus: 409,
        onIgnoredTags: (ignored) =>
          req.log.warn(
            { ignoredTagIds: ignored, callerService: req.callerService },
            'sign-up tags ignored: not allowed on sign-up links',
          ),
      },
    );
    res.status(201).json({ user: presentUser(user) });
  });

  /**
   * auth records an admin's session changes here (sign in as a person, the way back, a role switch): they happen in
   * auth, the log lives here, and auth never writes into users' database. Only auth may call it; append-only.
   */
  router.post('/audit', async (req, res) => {
    if (req.callerService !== 'auth') throw forbidden('Only auth records session changes');
    const input = parse(internalAuditSchema, req.body ?? {});
    await appendAudit(deps.db, { actorId: input.actorId, impersonatorId: null }, [
      { action: input.action, userId: input.userId, before: input.before, after: input.after },
    ]);
    res.status(204).end();
  });

  router.get('/users/by-email', async (req, res) => {
    const { email } = parse(z.object({ email: emailField }), { ...req.query });
    const user = await findUserByEmail(deps.db, email);
    if (!user) throw notFound('User not found');
    res.json({ user: presentUser(user) });
  });

  /** Her part of her own export (the gateway gathers GET /api/account/export): profile, tags, settings, audit. */
  router.get('/users/:id/export', async (req, res) => {
    const userId = parse(idParam, req.params.id);
    const user = await findUserById(deps.db, userId);
    if (!user) throw notFound('User not found');
    res.json(presentOwnAccountExport(user, await ownAccountFacts(deps.db, userId)));
  });

  /**
   * She closes her account: only auth calls this, once it has checked her password (and code). 204, 404 unknown,
   * 409 for the last admin. The confirmation e-mail goes on the send-mail queue after the commit, once per account.
   */
  router.post('/users/:id/close', async (req, res) => {
    if (req.callerService !== 'auth') throw forbidden('Only auth closes accounts');
    const userId = parse(idParam, req.params.id);
    const person = await closeOwnAccount(deps, userId);
    try {
      await deps.mail.send(accountClosedMail(person), accountClosedJobId(userId));
    } catch (error) {
      // The account is closed either way; the confirmation is what is lost, and the log says so.
      req.log.error({ err: error, userId }, 'account closed, but its confirmation e-mail could not be queued');
    }
    res.status(204).end();
  });

  router.get('/users/:id', async (req, res) => {
    const user = await findUserById(deps.db, parse(idParam, req.params.id));
    if (!user) throw notFound('User not found');
    res.json({ user: presentUser(user) });
  });

  router.get('/users/:id/access-profile', async (req, res) => {
    const user = await findUserById(deps.db, parse(idParam, req.params.id));
    if (!user) throw notFound('User not found');
    res.json(presentAccessProfile(user));
  });

  return router;
}
