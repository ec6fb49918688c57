import { EventEmitter } from 'node:events';
import http from 'node:http';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { UPLOAD_MAX_BYTES, type UploadResponse } from '@rainmakers/contracts';
import { INTERNAL_TOKEN_HEADER, signActorToken } from '@rainmakers/kit';
import { ALL_ROLES, buildActor, client, TEST_SECRET } from '@rainmakers/kit/testing';
import { type LocalS3, type StartedResources, startForTest, startLocalS3 } from '../src/testing';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A real, valid 2x2 RGBA PNG; with other dimensions, a PNG whose header declares them (its pixels do not follow). */
function tinyPng(width = 2, height = 2): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // colour type RGBA
  const row = [0, 255, 0, 0, 255, 0, 0, 255, 255]; // filter byte + red + blue
  const pixels = Buffer.from([...row, ...row]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** The classic smallest GIF: 1x1 transparent. */
const tinyGif = () => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const jpegBytes = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0rest')]);
const webpBytes = () => Buffer.concat([Buffer.from('RIFF'), Buffer.from([30, 0, 0, 0]), Buffer.from('WEBPVP8L...')]);

function form(field: string, bytes: Buffer | string, filename: string, type: string): FormData {
  const data = new FormData();
  data.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), filename);
  return data;
}

const UPLOADED_URL =
  /^\/upload\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

let s3: LocalS3;
let service: StartedResources;
let api: ReturnType<typeof client>;
const member = buildActor('basic');

beforeAll(async () => {
  // The S3 API is a real local server (s3rver) writing into a temporary directory.
  s3 = await startLocalS3();
  service = await startForTest({ s3Endpoint: s3.endpoint });
  api = client(service.url);
});

afterAll(async () => {
  await service?.stop();
  await s3?.stop();
});

async function upload(data: FormData) {
  return api.post<UploadResponse & { error?: string }>(member, '/upload', data);
}

describe('POST /upload', () => {
  it('stores a real PNG and serves the same bytes back by its URL, to anyone who has it', async () => {
    const png = tinyPng();
    const created = await upload(form('image', png, 'avatar.png', 'image/png'));
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['latestUploadedFileUrl']);
    expect(created.body.latestUploadedFileUrl).toMatch(UPLOADED_URL);
    expect(created.body.latestUploadedFileUrl.endsWith('.png')).toBe(true);

    const response = await fetch(service.url + created.body.latestUploadedFileUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-length')).toBe(String(png.length));
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
  });

  it('stores the type found in the content, whatever the name and declared type say', async () => {
    const cases = [
      { bytes: tinyGif(), name: 'picture.png', declared: 'image/png', type: 'image/gif', ext: '.gif' },
      { bytes: jpegBytes(), name: 'photo', declared: 'application/octet-stream', type: 'image/jpeg', ext: '.jpg' },
      { bytes: webpBytes(), name: 'x.bin', declared: 'text/plain', type: 'image/webp', ext: '.webp' },
    ];
    for (const c of cases) {
      const created = await upload(form('image', c.bytes, c.name, c.declared));
      expect(created.status).toBe(201);
      expect(created.body.latestUploadedFileUrl.endsWith(c.ext)).toBe(true);
      const response = await fetch(service.url + created.body.latestUploadedFileUrl);
      expect(response.headers.get('content-type')).toBe(c.type);
      expect(Buffer.from(await response.arrayBuffer()).equals(c.bytes)).toBe(true);
    }
  });

  it('gives every upload its own URL', async () => {
    const png = tinyPng();
    const first = await upload(form('image', png, 'a.png', 'image/png'));
    const second = await upload(form('image', png, 'a.png', 'image/png'));
    expect(first.body.latestUploadedFileUrl).not.toBe(second.body.latestUploadedFileUrl);
  });

  it('refuses anything that is not a PNG, JPEG, GIF or WebP image by its content', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
    const refused = [
      form('image', 'just some notes', 'notes.txt', 'text/plain'),
      form('image', 'I only look like a picture', 'holiday.png', 'image/png'),
      form('image', svg, 'logo.svg', 'image/svg+xml'),
      form('image', '<html><script>alert(1)</script></html>', 'page.jpg', 'image/jpeg'),
    ];
    for (const data of refused) {
      const response = await upload(data);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Only image files can be uploaded' });
    }
  });

  it('refuses files over the limit with 413, whether announced up front or found while reading', async () => {
    const justOver = Buffer.concat([tinyPng(), Buffer.alloc(UPLOAD_MAX_BYTES + 1 - tinyPng().length)]);
    const farOver = Buffer.concat([tinyPng(), Buffer.alloc(8 * 1024 * 1024)]);
    for (const bytes of [justOver, farOver]) {
      const response = await upload(form('image', bytes, 'big.png', 'image/png'));
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ error: 'File is too large (max 5 MB)' });
    }
    const exactly = Buffer.concat([tinyPng(), Buffer.alloc(UPLOAD_MAX_BYTES - tinyPng().length)]);
    expect((await upload(form('image', exactly, 'limit.png', 'image/png'))).status).toBe(201);
  });

  it('refuses images that declare more than 10,000 px a side or 40 megapixels, whatever their file size', async () => {
    const message = 'Images can be at most 10,000 pixels wide or high, and 40 megapixels in all';
    for (const [width, height] of [
      [65535, 65535],
      [10_001, 1],
      [8_000, 6_000],
    ] as const) {
      const response = await upload(form('image', tinyPng(width, height), 'bomb.png', 'image/png'));
      expect({ width, height, status: response.status, body: response.body }).toEqual({
        width,
        height,
        status: 400,
        body: { error: message, errors: { image: message } },
      });
    }
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0xff, 0xff, 0xff, 0xff]), tinyGif().subarray(10)]);
    expect((await upload(form('image', gif, 'bomb.gif', 'image/gif'))).status).toBe(400);
    expect((await upload(form('image', tinyPng(10_000, 4_000), 'wide.png', 'image/png'))).status).toBe(201);
  });

  it('asks for an image when none was sent, or it was sent under another field name', async () => {
    const textOnly = new FormData();
    textOnly.append('image', 'not a file');
    const empty = form('image', Buffer.alloc(0), 'empty.png', 'image/png');
    for (const data of [new FormData(), textOnly, empty, form('file', tinyPng(), 'a.png', 'image/png')]) {
      const response = await upload(data);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Choose an image to upload' });
    }
    const json = await api.post(member, '/upload', { image: 'x' });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ error: 'Choose an image to upload' });
  });

  it('takes exactly one file', async () => {
    const data = form('image', tinyPng(), 'a.png', 'image/png');
    data.append('image', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'b.png');
    const response = await upload(data);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Upload one image at a time' });
  });

  it('answers a malformed multipart body with 400', async () => {
    const response = await api.call(
      member,
      'POST',
      '/upload',
      '--nope\r\nContent-Disposition: form-data; name="image"',
      {
        'content-type': 'multipart/form-data; boundary=nope',
      },
    );
    expect(response.status).toBe(400);
  });

  it('is for signed-in people only', async () => {
    const anonymous = await api.post(null, '/upload', form('image', tinyPng(), 'a.png', 'image/png'));
    expect(anonymous.status).toBe(401);
    const service = await api.post({ service: 'billing' }, '/upload', form('image', tinyPng(), 'a.png', 'image/png'));
    expect(service.status).toBe(401);
  });

  it.each(ALL_ROLES)('lets %s upload', async (role) => {
    const response = await api.post<UploadResponse>(
      buildActor(role),
      '/upload',
      form('image', tinyPng(), 'a.png', 'image/png'),
    );
    expect(response.status).toBe(201);
    expect(response.body.latestUploadedFileUrl).toMatch(UPLOADED_URL);
  });
});

describe('GET /upload/files/:name', () => {
  it('answers 404 JSON for a well-formed name that was never uploaded', async () => {
    const response = await api.get(null, '/upload/files/0b5c3a7e-8f1d-4c2a-9e6b-1a2b3c4d5e6f.png');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'File not found' });
  });

  it('never lets a name reach outside the uploads folder', async () => {
    const png = tinyPng();
    const created = await upload(form('image', png, 'a.png', 'image/png'));
    const name = created.body.latestUploadedFileUrl.split('/').pop() ?? '';
    const attempts = [
      '..%2F..%2F..%2Fetc%2Fpasswd',
      `..%2Fuploads%2F${name}`,
      `%2e%2e%2f${name}`,
      `uploads%2F${name}`,
      '..',
      '%2E%2E',
      name.toUpperCase(),
      name.replace('.png', '.svg'),
      `${name}%00.png`,
      `${name}.png`,
      `%5C..%5C${name}`,
    ];
    for (const attempt of attempts) {
      const response = await api.get(null, `/upload/files/${attempt}`);
      expect([400, 404]).toContain(response.status);
      expect(typeof (response.body as { error?: unknown }).error).toBe('string');
    }
    // the real name still works
    expect((await api.get(null, `/upload/files/${name}`)).status).toBe(200);
  });

  it('streams a file again and again, whole and in ranges, within ten close listeners per response', async () => {
    const png = tinyPng();
    const created = await upload(form('image', png, 'a.png', 'image/png'));
    // The service runs in this process: every close listener added to one of its responses is counted. (Node's
    // MaxListenersExceededWarning goes to the process, which jest does not hand to a test file.)
    let most = 0;
    const on = http.ServerResponse.prototype.on;
    http.ServerResponse.prototype.on = function (this: http.ServerResponse, event, listener) {
      const added = on.call(this, event, listener);
      if (event === 'close') most = Math.max(most, this.listenerCount('close'));
      return added;
    };
    try {
      for (let i = 0; i < 20; i++) {
        const range: Record<string, string> = i % 2 === 0 ? {} : { range: 'bytes=0-9' };
        const response = await fetch(service.url + created.body.latestUploadedFileUrl, { headers: range });
        expect(response.status).toBe(i % 2 === 0 ? 200 : 206);
        await response.arrayBuffer();
      }
    } finally {
      http.ServerResponse.prototype.on = on;
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(EventEmitter.defaultMaxListeners);
  });

  it('stops serving a file once storage deletes it', async () => {
    const created = await upload(form('image', tinyPng(), 'a.png', 'image/png'));
    const name = created.body.latestUploadedFileUrl.split('/').pop() ?? '';
    await service.storage.delete(`uploads/${name}`);
    expect((await api.get(null, created.body.latestUploadedFileUrl)).status).toBe(404);
  });

  it('lists every stored key, under a prefix or all of them (what a backup copies)', async () => {
    const prefix = `list-${Date.now()}/`;
    const keys = [`${prefix}a.png`, `${prefix}b/c.png`, `${prefix}d.png`];
    const elsewhere = `other-${prefix}e.png`;
    for (const key of [...keys, elsewhere]) await service.storage.put(key, tinyPng(), 'image/png');
    const listed: string[] = [];
    for await (const key of service.storage.list(prefix)) listed.push(key);
    expect(listed.sort()).toEqual([...keys].sort());
    const all: string[] = [];
    for await (const key of service.storage.list()) all.push(key);
    expect(all).toEqual(expect.arrayContaining([...keys, elsewhere]));
  });
});

describe('probes', () => {
  it('reports the bucket in /readyz', async () => {
    const response = await api.get(null, '/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok', s3: 'ok' } });
  });
});

describe('startForTest', () => {
  it('starts its own local S3 when none is given, and cleans it up', async () => {
    const own = await startForTest();
    try {
      const ownApi = client(own.url);
      const created = await ownApi.post<UploadResponse>(
        member,
        '/upload',
        form('image', tinyPng(), 'a.png', 'image/png'),
      );
      expect(created.status).toBe(201);
      expect(own.s3Endpoint).not.toBe(s3.endpoint);
      expect((await ownApi.get(null, created.body.latestUploadedFileUrl)).status).toBe(200);
    } finally {
      await own.stop();
    }
  });
});

describe('oversized uploads on a keep-alive connection', () => {
  /** One socket at a time: the second request can only be answered if the first one's connection is usable. */
  function sendOn(agent: http.Agent, options: { method: string; path: string; body?: Buffer; chunked?: boolean }) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const url = new URL(options.path, service.url);
      const headers: Record<string, string> = {
        [INTERNAL_TOKEN_HEADER]: signActorToken(member, TEST_SECRET),
      };
      let payload: Buffer | undefined;
      if (options.body) {
        const boundary = 'keepalive-boundary';
        payload = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\n` +
              'Content-Type: image/png\r\n\r\n',
          ),
          options.body,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
        if (!options.chunked) headers['content-length'] = String(payload.length);
      }
      const request = http.request(url, { method: options.method, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      });
      request.setTimeout(10_000, () => request.destroy(new Error(`${options.method} ${options.path} hung`)));
      // The server may answer and close before the whole body is written: that is the point.
      request.on('error', (error) => {
        if (!('code' in error) || !['EPIPE', 'ECONNRESET'].includes(String(error.code))) reject(error);
      });
      if (payload) {
        // In pieces, as a browser sends a file.
        for (let offset = 0; offset < payload.length; offset += 256 * 1024) {
          request.write(payload.subarray(offset, offset + 256 * 1024));
        }
      }
      request.end();
    });
  }

  it.each([
    ['announced by Content-Length', false],
    ['found while reading a chunked body', true],
  ])('answers 413 %s and the next request on the connection is answered at once', async (_label, chunked) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = Buffer.concat([tinyPng(), Buffer.alloc(UPLOAD_MAX_BYTES + 512 * 1024)]);
      const refused = await sendOn(agent, { method: 'POST', path: '/upload', body: big, chunked });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({ error: 'File is too large (max 5 MB)' });
      const started = Date.now();
      const next = await sendOn(agent, { method: 'GET', path: '/healthz' });
      expect(next.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      agent.destroy();
    }
  });
});
