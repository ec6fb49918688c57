/**
 * auth.signed-in: published when someone signs in with a password, signs up, or uses a reset or an
 * invitation link (never for a sign-in-as); users keeps it as the person's lastSignInAt. Written to auth's outbox
 * and relayed like every event; a failure to write it is logged, never a failed sign-in.
 */
import { publishEvent } from '@rainmakers/kit';
import type { AuthDeps } from '../deps';

export async function announceSignIn(deps: Pick<AuthDeps, 'db' | 'events' | 'logger'>, userId: number): Promise<void> {
  try {
    await publishEvent(deps.db, 'auth.signed-in', { userId, at: new Date().toISOString() });
    deps.events.nudge();
  } catch (error) {
    deps.logger.warn({ err: error, userId }, 'could not record a sign-in for users');
  }
}
