/**
 * A browser-like HTTP client through the gateway, for the seed and the system tests: a cookie jar
 * (rm_session, rm_csrf), the CSRF header on unsafe methods, JSON bodies.
 */
import { CSRF_COOKIE, CSRF_HEADER, HOST_COOKIE_PREFIX, type SignInResponse } from '@rainmakers/contracts';
import { GatewayRequestError, type GatewayResponse, type GatewaySession, type HttpMethod } from '../seed/context';
import { passSecondStep } from './second-factor';

export interface CookieChange {
  name: string;
  value: string;
  /** True when the cookie is being deleted (Max-Age<=0 or an Expires in the past). */
  removed: boolean;
}

/** Reads one Set-Cookie header (attributes other than expiry are irrelevant to a single-host client). */
export function parseSetCookie(header: string, now = Date.now()): CookieChange | null {
  const [pair = '', ...attributes] = header.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  let value = pair.slice(eq + 1).trim();
  if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  let removed = false;
  for (const attribute of attributes) {
    const [key = '', attrValue = ''] = attribute.split('=').map((s) => s.trim());
    if (key.toLowerCase() === 'max-age' && Number(attrValue) <= 0) removed = true;
    if (key.toLowerCase() === 'expires') {
      const at = Date.parse(attrValue);
      if (!Number.isNaN(at) && at <= now) removed = true;
    }
  }
  return { name, value, removed };
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function createGatewaySession(
  baseUrl: string,
  /** headers: sent with every request (a test acting as a browser on another address: origin, host, referer). */
  options: { timeoutMs?: number; headers?: Record<string, string> } = {},
): GatewaySession {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  // Over https the gateway names it `__Host-rm_csrf` (contracts' cookieNames).
  const csrfCookie = () => jar.get(`${HOST_COOKIE_PREFIX}${CSRF_COOKIE}`) ?? jar.get(CSRF_COOKIE);

  async function send<T>(method: HttpMethod, path: string, body?: unknown): Promise<GatewayResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (jar.size > 0) headers.cookie = cookieHeader();
    const csrf = csrfCookie();
    if (UNSAFE.has(method) && csrf) headers[CSRF_HEADER] = decodeURIComponent(csrf);
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers,
      body: payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    for (const header of response.headers.getSetCookie()) {
      const change = parseSetCookie(header);
      if (!change) continue;
      if (change.removed) jar.delete(change.name);
      else jar.set(change.name, change.value);
    }
    const text = await response.text();
    let parsed: unknown = text === '' ? undefined : text;
    if (text !== '' && (response.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  async function request<T>(method: HttpMethod, path: string, body?: unknown): Promise<GatewayResponse<T>> {
    // The gateway hands out the CSRF cookie on any answer; get one before the first unsafe request.
    if (UNSAFE.has(method) && !csrfCookie()) await send('GET', '/api/auth/me');
    return send<T>(method, path, body);
  }

  async function ok<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
    const response = await request<T>(method, path, body);
    if (response.status >= 400) throw new GatewayRequestError(method, path, response.status, response.body);
    // A JSON answer that did not parse (cut short) is said as such, not met later as "cannot read 'id' of undefined".
    if (typeof response.body === 'string' && (response.headers.get('content-type') ?? '').includes('json')) {
      throw new Error(
        `${method} ${path} answered ${response.status} with JSON that does not parse (${response.body.length} characters): ${response.body.slice(0, 200)}`,
      );
    }
    return response.body;
  }

  return {
    baseUrl,
    request,
    get: (path) => ok('GET', path),
    post: (path, body) => ok('POST', path, body),
    put: (path, body) => ok('PUT', path, body),
    patch: (path, body) => ok('PATCH', path, body),
    del: (path, body) => ok('DELETE', path, body),
    cookie: (name) => jar.get(name),
  };
}

/**
 * Signs in through the gateway; throws with the gateway's answer when it fails. A second step is passed
 * with the codes this process knows for the e-mail (lib/second-factor.ts), or by enrolling when the role requires
 * a second factor the account lacks.
 */
export async function signInThroughGateway(baseUrl: string, email: string, password: string): Promise<GatewaySession> {
  const session = createGatewaySession(baseUrl);
  const answer = await session.post<SignInResponse>('/api/auth/signin', { email, password });
  if (answer?.secondFactor) await passSecondStep(session, email, answer.secondFactor);
  return session;
}
