/**
 * The public address a link should use. A machine may be reached at several configured
 * addresses (PUBLIC_URLS, e.g. http://localhost:8080 and http://192.168.1.20:8080); a member signed in on one of them
 * would land signed out on another. E-mailed links and Stripe's return addresses follow the address the request came
 * from (its Origin) when it is one of them, and PUBLIC_URL otherwise. An arbitrary Origin is never used.
 */

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** PUBLIC_URL first, then each of PUBLIC_URLS (comma or space separated) that is an http(s) address, no repeats. */
export function publicAddresses(config: { PUBLIC_URL: string; PUBLIC_URLS?: string | undefined }): string[] {
  const listed = (config.PUBLIC_URLS ?? '').split(/[\s,]+/).filter(Boolean);
  const addresses: string[] = [];
  for (const address of [config.PUBLIC_URL, ...listed]) {
    if (originOf(address) === null) continue;
    const trimmed = trimSlash(address);
    if (!addresses.includes(trimmed)) addresses.push(trimmed);
  }
  return addresses;
}

/**
 * The configured address matching `origin` (a request's Origin header, or a Referer), else the first one
 * (PUBLIC_URL). Only the scheme, host and port are compared; the configured address is returned as configured.
 */
export function publicUrlFor(origin: unknown, addresses: readonly string[]): string {
  const fallback = addresses[0] ?? 'http://localhost:8080';
  const asked = typeof origin === 'string' ? originOf(origin) : null;
  if (!asked) return fallback;
  return addresses.find((address) => originOf(address) === asked) ?? fallback;
}

/** A request's Origin header, else its Referer (browsers send one of them on the calls that lead to a link). */
export function requestOrigin(headers: Record<string, string | string[] | undefined>): string | undefined {
  const origin = headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin;
  const referer = headers.referer;
  return typeof referer === 'string' ? referer : undefined;
}

/**
 * The one address e-mailed links use: PUBLIC_URL, whoever caused the mail and wherever they were signed in
 * (docs/decisions.md "One e-mail layout"). A mail is read later, elsewhere; the request's address says nothing
 * about where its reader is.
 */
export function mailPublicUrl(config: { PUBLIC_URL: string }): string {
  return publicAddresses({ PUBLIC_URL: config.PUBLIC_URL })[0] ?? 'http://localhost:8080';
}
