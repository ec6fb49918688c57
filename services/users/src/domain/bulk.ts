/** The bulk update wizard's e-mail list: normalised, split into unique addresses, duplicates and unusable cells. */

/** Loose on purpose: the list is matched against stored addresses, never used to send anything. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

export interface EmailList {
  /** Each address once, trimmed and in lower case, in the order of the file. */
  unique: string[];
  /** Addresses listed more than once, each reported once. */
  duplicate: string[];
  /** Non-empty cells that are not e-mail addresses (reported as not found). */
  invalid: string[];
}

export function normaliseEmails(raw: readonly string[]): EmailList {
  const seen = new Set<string>();
  const duplicate = new Set<string>();
  const unique: string[] = [];
  const invalid: string[] = [];
  for (const cell of raw) {
    const email = cell.trim().toLowerCase();
    if (email === '') continue;
    if (!EMAIL_SHAPE.test(email)) {
      invalid.push(email);
      continue;
    }
    if (seen.has(email)) duplicate.add(email);
    else {
      seen.add(email);
      unique.push(email);
    }
  }
  return { unique, duplicate: [...duplicate], invalid };
}

/** The wizard's report from the list and the people found (by e-mail). */
export function emailReport<P extends { email: string }>(list: EmailList, people: readonly P[]) {
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const found: P[] = [];
  const notFound: string[] = [...list.invalid];
  for (const email of list.unique) {
    const person = byEmail.get(email);
    if (person) found.push(person);
    else notFound.push(email);
  }
  return { found, duplicate: list.duplicate, notFound };
}

/** Splits a list into chunks of at most `size` (query parameters and transactions stay small). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
