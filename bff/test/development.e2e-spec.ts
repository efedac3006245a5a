import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from './support/identity.js';
import { type TestApp, startTestApp } from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';

/**
 * A newcomer's first minutes (NODE_ENV=development): signing in from http://127.0.0.1:3000 or from
 * Vite's dev server (http://localhost:5173, `/api` proxied with the browser's Origin) works; another
 * origin is still refused.
 */
describe('the application in development', () => {
  let database: TestDatabase;
  let dataDir: string;
  let api: TestApp;

  beforeAll(async () => {
    database = await startTestDatabase({ demoData: true });
    dataDir = await mkdtemp(path.join(tmpdir(), 'bff-development-'));
    api = await startTestApp({
      databaseUrl: database.url,
      env: {
        NODE_ENV: 'development',
        PORT: '3000',
        PUBLIC_URL: 'http://localhost:3000',
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'true',
      },
    });
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  });

  const signInFrom = (origin: string, address: string) =>
    api.request({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { origin, 'sec-fetch-site': 'same-origin' },
      payload: { email: 'viewer@acme.example', password: DEMO_PASSWORD },
      remoteAddress: address,
    });

  it.each([
    ['http://localhost:3000', '10.1.0.1'],
    ['http://127.0.0.1:3000', '10.1.0.2'],
    ['http://[::1]:3000', '10.1.0.3'],
    ['http://localhost:5173', '10.1.0.4'],
    ['http://127.0.0.1:5173', '10.1.0.5'],
  ])('signs in from a page of %s', async (origin, address) => {
    const response = await signInFrom(origin, address);
    expect(response.statusCode).toBe(200);
  });

  it('still refuses another origin with 403 csrf', async () => {
    const response = await signInFrom('http://evil.example', '10.1.0.6');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'csrf' });
  });

  it('writes JSON lines to a given log destination, even in development', () => {
    expect(api.logs.lines.length).toBeGreaterThan(0);
    expect(api.logs.lines.some((line) => line.msg === 'request completed')).toBe(true);
  });

  it('logs a successful request at debug, not at info (the ready banner stays in sight); refusals at warn', async () => {
    const response = await api.request({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const requestId = response.headers['x-request-id'];
    const forbidden = await signInFrom('http://evil.example', '10.1.0.7');
    const linesOf = (id: unknown) =>
      api.logs.lines.filter((line) => line.requestId === id && line.msg === 'request completed');
    // LOG_LEVEL is info: the success writes no line at all, the refusal its warn line.
    expect(linesOf(requestId)).toEqual([]);
    expect(linesOf(forbidden.headers['x-request-id']).map((line) => line.level)).toEqual([40]);
  });
});
