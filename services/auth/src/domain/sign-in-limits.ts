/**
 * Sign-in throttling rules (pure). Counted in Redis by commands/sign-in-limits.ts; auth is their only owner
 * (the gateway counts nothing): auth alone sees whether an attempt failed, and failures are what we count.
 *
 * - Per (e-mail, address): wrong passwords from one address for one account; over the limit that pair answers
 *   429 until the window ends. An attacker elsewhere cannot spend the owner's budget.
 * - Per e-mail: wrong passwords from anywhere. Past a threshold, addresses that have never signed in to the
 *   account pass a gate one attempt at a time, the gate's delay doubling as failures grow (capped): a botnet
 *   spread over many addresses gets a few guesses a minute, while the owner from an address she signed in from
 *   before is not slowed at all.
 */
export interface SignInLimitSettings {
  /** Wrong passwords per (e-mail, address) within the window before that pair answers 429. */
  maxFailuresPerAddress: number;
  /** Wrong passwords per e-mail (any address) before unknown addresses are slowed down. */
  slowdownAfterFailures: number;
  /** The first delay between attempts from unknown addresses; doubles every `slowdownStep` further failures. */
  slowdownBaseSeconds: number;
  slowdownStep: number;
  slowdownMaxSeconds: number;
}

/** Seconds between attempts from unknown addresses given the account's recent failures (0: no slowdown). */
export function slowdownSeconds(failures: number, settings: SignInLimitSettings): number {
  if (failures < settings.slowdownAfterFailures) return 0;
  const doublings = Math.floor((failures - settings.slowdownAfterFailures) / settings.slowdownStep);
  return Math.min(settings.slowdownBaseSeconds * 2 ** Math.min(doublings, 30), settings.slowdownMaxSeconds);
}

/**
 * Second-step attempts per account, from anywhere: counted as they are admitted (so parallel guesses cannot pass
 * the bound together) and forgotten when the step succeeds. Only someone who knows the password gets there, and
 * each attempt has a few chances in a million: 10 an hour keeps a month of guessing near 2 %.
 */
export const isSecondStepOverLimit = (attemptsOfAccount: number, maxAttempts: number) =>
  attemptsOfAccount > maxAttempts;

export const isAddressLockedOut = (failuresFromAddress: number, settings: SignInLimitSettings) =>
  failuresFromAddress >= settings.maxFailuresPerAddress;
