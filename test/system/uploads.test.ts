/**
 * Uploads through the gateway: the sandbox CSP the gateway imposes on served files, and an oversized upload
 * that must not leave its keep-alive connection stuck.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, UPLOAD_MAX_BYTES, type UploadResponse } from '@rainmakers/contracts';
import { UPLOADED_FILE_CSP } from '../../gateway/src/app';
import { type GatewaySession, signIn, stackInfo } from '../support/stack-client';
import { fileForm, pngImage } from '../support/system';

jest.setTimeout(60_000);

let member: GatewaySession;

beforeAll(async () => {
  member = await signIn('basic');
});

describe('served uploads', () => {
  it('carry the gateway sandbox CSP, not the service own', async () => {
    const created = await member.request<UploadResponse>('POST', '/upload', fileForm(pngImage(), 'a.png', 'image/png'));
    expect(created.status).toBe(201);
    const response = await fetch(new URL(created.body.latestUploadedFileUrl, stackInfo().gatewayUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(UPLOADED_FILE_CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toBe('image/png');
  });
});

describe('an oversized upload on a keep-alive connection', () => {
  let agent: http.Agent;
  beforeAll(() => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  });
  afterAll(() => agent.destroy());

  function send(method: string, path: string, body?: { payload: Buffer; boundary: string; chunked: boolean }) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const csrf = member.cookie(CSRF_COOKIE) ?? '';
      const headers: Record<string, string> = {
        cookie: `${SESSION_COOKIE}=${member.cookie(SESSION_COOKIE)}; ${CSRF_COOKIE}=${csrf}`,
        [CSRF_HEADER]: decodeURIComponent(csrf),
        accept: 'application/json',
      };
      if (body) {
        headers['content-type'] = `multipart/form-data; boundary=${body.boundary}`;
        if (!body.chunked) headers['content-length'] = String(body.payload.length);
      }
      const request = http.request(new URL(path, stackInfo().gatewayUrl), { method, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      });
      request.setTimeout(10_000, () => request.destroy(new Error(`${method} ${path} hung`)));
      request.on('error', (error) => {
        // The server may answer and close before the whole body went out: that is allowed.
        if (!('code' in error) || !['EPIPE', 'ECONNRESET'].includes(String(error.code))) reject(error);
      });
      if (body) {
        for (let offset = 0; offset < body.payload.length; offset += 256 * 1024) {
          request.write(body.payload.subarray(offset, offset + 256 * 1024));
        }
      }
      request.end();
    });
  }

  function multipart(file: Buffer) {
    const boundary = 'system-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, boundary };
  }

  it.each([
    ['announced by Content-Length', false],
    ['sent chunked', true],
  ])('is answered 413 (%s) and the next request on the connection is answered at once', async (_label, chunked) => {
    const big = Buffer.concat([pngImage(), Buffer.alloc(UPLOAD_MAX_BYTES + 512 * 1024)]);
    const refused = await send('POST', '/upload', { ...multipart(big), chunked });
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({ error: 'File is too large (max 5 MB)' });
    const started = Date.now();
    const next = await send('GET', '/api/auth/me');
    expect(next.status).toBe(200);
    // Well under the ~66 s a stuck connection used to take, with room for a busy machine.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
