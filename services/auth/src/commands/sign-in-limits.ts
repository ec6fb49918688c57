import type { AuthDeps } from '../deps';
import {
  isAddressLockedOut,
  isSecondStepOverLimit,
  type SignInLimitSettings,
  slowdownSeconds,
} from '../domain/sign-in-limits';
import { addressKey, emailKey } from '../store/rate-limits';

type Deps = Pick<AuthDeps, 'limiter' | 'config'>;

export function signInLimitSettings(config: AuthDeps['config']): SignInLimitSettings {
  return {
    maxFailuresPerAddress: config.SIGNIN_MAX_FAILURES_PER_ADDRESS,
    slowdownAfterFailures: config.SIGNIN_SLOWDOWN_AFTER_FAILURES,
    slowdownBaseSeconds: config.SIGNIN_SLOWDOWN_BASE_SECONDS,
    slowdownStep: config.SIGNIN_SLOWDOWN_STEP,
    slowdownMaxSeconds: config.SIGNIN_SLOWDOWN_MAX_SECONDS,
  };
}

const keys = (email: string, address: string) => {
  const account = emailKey(email);
  const from = addressKey(address);
  return {
    pairFailures: `signin-failures:${account}:${from}`,
    accountFailures: `signin-failures:${account}`,
    known: `signin-known:${account}:${from}`,
    gate: `signin-gate:${account}`,
    secondStepAttempts: `second-step-attempts:${account}`,
  };
};

/**
 * Whether this attempt may check a password (before any hash is computed). Redis is read first of all, so when
 * it is down sign-in fails here, before anything is written.
 */
export async function admitSignIn(
  deps: Deps,
  email: string,
  address: string,
): Promise<{ admitted: true } | { admitted: false; retryAfterSeconds: number }> {
  const settings = signInLimitSettings(deps.config);
  const k = keys(email, address);
  const pair = await deps.limiter.peek(k.pairFailures);
  if (isAddressLockedOut(pair.count, settings)) return { admitted: false, retryAfterSeconds: pair.retryAfterSeconds };
  if (await deps.limiter.remembers(k.known)) return { admitted: true };
  const account = await deps.limiter.peek(k.accountFailures);
  const delay = slowdownSeconds(account.count, settings);
  if (delay === 0) return { admitted: true };
  const gate = await deps.limiter.pass(k.gate, delay);
  return gate.passed ? { admitted: true } : { admitted: false, retryAfterSeconds: gate.retryAfterSeconds };
}

export async function recordSignInFailure(deps: Deps, email: string, address: string): Promise<void> {
  const k = keys(email, address);
  const window = deps.config.SIGNIN_FAILURE_WINDOW_SECONDS;
  await deps.limiter.hit(k.pairFailures, window);
  await deps.limiter.hit(k.accountFailures, window);
}

/**
 * A correct password: the pair's failures are forgotten and the address becomes one the owner uses. The
 * account's failure count stays (an attack elsewhere goes on; clearing it would reset the attacker's slowdown).
 */
export async function recordSignInSuccess(deps: Deps, email: string, address: string): Promise<void> {
  const k = keys(email, address);
  await deps.limiter.clear(k.pairFailures);
  await deps.limiter.remember(k.known, deps.config.SIGNIN_KNOWN_ADDRESS_DAYS * 24 * 60 * 60);
}

/**
 * Whether a second step's attempt (a code or a recovery code) may be checked: the (e-mail, address) rules of the
 * password first, then the account's attempts from every address together, counted here as they are admitted.
 */
export async function admitSecondStep(
  deps: Deps,
  email: string,
  address: string,
): Promise<{ admitted: true } | { admitted: false; retryAfterSeconds: number }> {
  const pair = await admitSignIn(deps, email, address);
  if (!pair.admitted) return pair;
  const account = await deps.limiter.hit(
    keys(email, address).secondStepAttempts,
    deps.config.SECOND_FACTOR_ATTEMPT_WINDOW_SECONDS,
  );
  if (isSecondStepOverLimit(account.count, deps.config.SECOND_FACTOR_MAX_ATTEMPTS_PER_ACCOUNT)) {
    return { admitted: false, retryAfterSeconds: account.retryAfterSeconds };
  }
  return { admitted: true };
}

/** A completed second step: what recordSignInSuccess forgets, and the account's second-step attempts. */
export async function recordSecondStepSuccess(deps: Deps, email: string, address: string): Promise<void> {
  await recordSignInSuccess(deps, email, address);
  await deps.limiter.clear(keys(email, address).secondStepAttempts);
}
