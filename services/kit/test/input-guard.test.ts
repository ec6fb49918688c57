import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createApp } from '../src/http';
import { client, startTestServer, type TestServer } from '../src/testing';
import { silentLogger } from './support';

/** Routes that hand their input to code that cannot take it, as a careless future route might. */
let server: TestServer;
let api: ReturnType<typeof client>;
const seen: unknown[] = [];

beforeAll(async () => {
  const app = createApp({ name: 'guarded', logger: silentLogger, internalTokenKeys: 'x'.repeat(32) }, (app) => {
    app.get('/things/:id', (req, res) => {
      seen.push(req.params.id);
      res.json({ id: req.params.id });
    });
    app.get('/search', (req, res) => {
      seen.push(req.query);
      res.json({ query: req.query });
    });
    app.post('/things', (req, res) => {
      seen.push(req.body);
      res.status(201).json({ body: req.body });
    });
  });
  server = await startTestServer(app);
  api = client(server.url);
});

afterAll(async () => {
  await server?.close();
});

describe('the kit input guard', () => {
  it('answers malformed percent-encoding in a path with 400 in the error shape, before any route', async () => {
    for (const path of ['/things/%ff', '/things/%E0%A4%A', '/things/%', '/things/%zz', '/nowhere/%c3%28']) {
      seen.length = 0;
      const response = await api.get(null, path);
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 400,
        body: { error: 'The address is not valid' },
      });
      expect(seen).toEqual([]);
    }
  });

  it('answers a NUL character in the path or the query with 400', async () => {
    for (const path of ['/things/a%00b', '/search?q=%00', '/search?q[deep]=x%00', '/search?a%00=1']) {
      const response = await api.get(null, path);
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 400,
        body: { error: 'Text must not contain NUL characters' },
      });
    }
  });

  it('answers a NUL character in any JSON string or key, at any depth, with a 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: 'a\u0000b' }, 'name'],
      [{ outer: { list: ['ok', 'no\u0000'] } }, 'outer.list.1'],
      [{ 'ke\u0000y': 1 }, 'key'],
      [['\u0000'], '0'],
    ];
    for (const [body, field] of cases) {
      const response = await api.post(null, '/things', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'Text must not contain NUL characters',
        errors: { [field]: 'Text must not contain NUL characters' },
      });
    }
  });

  it('answers JSON nested deeper than any payload with 400', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const response = await api.call(null, 'POST', '/things', deep, { 'content-type': 'application/json' });
    expect(response.status).toBe(400);
    expect((response.body as { error: string }).error).toBe('Request body is nested too deeply');
  });

  it('lets ordinary input through untouched', async () => {
    expect((await api.get(null, '/things/caf%C3%A9%20au%20lait')).body).toEqual({ id: 'café au lait' });
    expect((await api.get(null, '/search?q=100%25+sure&tags[]=1')).body).toEqual({
      query: { q: '100% sure', tags: ['1'] },
    });
    const body = { name: 'Zoë', nested: { list: [1, 'two', null, { three: true }] } };
    const created = await api.post(null, '/things', body);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ body });
  });
});
