import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type FakePortalDist,
  type TestApp,
  TEST_PUBLIC_URL,
  createFakePortalDist,
  startTestApp,
} from './support/test-app.js';
import { type TestDatabase, startTestDatabase } from './support/test-database.js';
import { SlowTestController, WidgetTestController } from './support/widget-test.controller.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function cspDirectives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name ?? '', values.join(' ')]),
  );
}

describe('the HTTP surface', () => {
  let database: TestDatabase;
  let dist: FakePortalDist;
  let api: TestApp;

  beforeAll(async () => {
    database = await startTestDatabase();
    dist = await createFakePortalDist();
    api = await startTestApp({
      databaseUrl: database.url,
      env: { PORTAL_DIST_DIR: dist.dir },
      testControllers: [WidgetTestController],
    });
  });

  afterAll(async () => {
    await api?.close();
    await database?.stop();
    await dist?.remove();
  });

  describe('security headers', () => {
    it.each([
      ['a page', '/acme-outdoor/overview'],
      ['an API response', '/api/health/live'],
      ['an API error', '/api/nothing-here'],
    ])('are on %s', async (_what, url) => {
      const response = await api.request(url);
      const csp = cspDirectives(response.headers['content-security-policy']);

      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('style-src')).not.toContain('unsafe-inline');
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['permissions-policy']).toContain('camera=()');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    it.each([
      ['an API response', '/api/health/live'],
      ['an API error', '/api/nothing-here'],
      ['an authenticated route refusing an anonymous caller', '/api/me'],
    ])('keep %s out of every cache', async (_what, url) => {
      const response = await api.request(url);

      expect(response.headers['cache-control']).toBe('no-store');
    });

    it.each([
      '/reset-password?token=secret-token',
      '/reset-password/?token=secret-token',
      '/Reset-Password//?token=secret-token',
      '/welcome?token=secret-token',
      '/welcome/',
      '/signin?next=%2F&token=secret-token',
    ])('send no referrer from a page whose URL may carry a token: %s', async (url) => {
      const response = await api.request(url);

      expect(response.statusCode).toBe(200);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    });

    it('include HSTS for a year with subdomains in production', async () => {
      const production = await startTestApp({
        databaseUrl: database.url,
        env: {
          NODE_ENV: 'production',
          PORTAL_DIST_DIR: dist.dir,
          JWT_SECRET: 'a production secret of at least 32 bytes',
        },
      });
      try {
        for (const url of ['/', '/api/health/live']) {
          const response = await production.request(url);
          expect(response.headers['strict-transport-security']).toBe(
            'max-age=31536000; includeSubDomains',
          );
        }
      } finally {
        await production.close();
      }
    });
  });

  describe('errors', () => {
    it('accept a valid body, transformed into its DTO', async () => {
      const response = await api.request({
        method: 'POST',
        url: '/api/test/widgets',
        payload: { name: 'Tent', quantity: 2 },
      });

      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ name: 'Tent', quantity: 2, isDto: true });
    });

    it('refuse unknown body fields with 400 problem details, code validation', async () => {
      const response = await api.request({
        method: 'POST',
        url: '/api/test/widgets',
        payload: { name: 'Tent', quantity: 2, isAdmin: true },
      });

      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toEqual({
        type: 'urn:partner-portal:problem:validation',
        title: 'Bad Request',
        status: 400,
        detail: 'The request is invalid.',
        code: 'validation',
        requestId: response.headers['x-request-id'],
        errors: [{ field: 'isAdmin', message: 'isAdmin is not an accepted field' }],
      });
    });

    it('list every invalid field', async () => {
      const response = await api.request({
        method: 'POST',
        url: '/api/test/widgets',
        payload: { name: 'T', quantity: 0 },
      });
      const fields = (response.json() as { errors: Array<{ field: string }> }).errors.map(
        (error) => error.field,
      );

      expect(response.statusCode).toBe(400);
      expect(new Set(fields)).toEqual(new Set(['name', 'quantity']));
    });

    it('answer malformed JSON with a 400 problem, not a 500', async () => {
      const response = await api.request({
        method: 'POST',
        url: '/api/test/widgets',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "Tent",',
      });

      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({
        status: 400,
        code: 'bad_request',
        detail: expect.stringMatching(/not valid JSON/),
      });
    });

    it('answer a body of an unsupported content type with a 415 problem', async () => {
      const response = await api.request({
        method: 'POST',
        url: '/api/test/widgets',
        headers: { 'content-type': 'application/xml' },
        payload: '<widget/>',
      });

      expect(response.statusCode).toBe(415);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ status: 415, code: 'unsupported_media_type' });
    });

    // docs/api.md, Conventions: JSON only. Forms and text/plain are what a cross-site form can send.
    it.each([
      ['a form', 'application/x-www-form-urlencoded', 'name=Tent&quantity=1'],
      ['text/plain', 'text/plain', '{"name":"Tent","quantity":1}'],
      ['text/plain with no body', 'text/plain', ''],
      [
        'multipart',
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nTent\r\n--x--\r\n',
      ],
      [
        'JSON in another charset',
        'application/json; charset=latin1',
        '{"name":"Tent","quantity":1}',
      ],
      [
        'JSON with another parameter',
        'application/json; profile=x',
        '{"name":"Tent","quantity":1}',
      ],
      ['a JSON-like type', 'application/x-json', '{"name":"Tent","quantity":1}'],
      ['no type at all', undefined, '{"name":"Tent","quantity":1}'],
    ])(
      'refuse %s on a JSON route with a 415 problem, before reading it',
      async (_what, type, payload) => {
        const before = api.app.get(WidgetTestController).created;
        const response = await api.request({
          method: 'POST',
          url: '/api/test/widgets',
          headers: type === undefined ? {} : { 'content-type': type },
          payload,
        });

        expect(response.statusCode).toBe(415);
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(response.json()).toMatchObject({ status: 415, code: 'unsupported_media_type' });
        expect(api.app.get(WidgetTestController).created).toBe(before);
      },
    );

    it.each([
      'application/json',
      'application/json; charset=utf-8',
      'Application/JSON; Charset="UTF-8"',
    ])('take a JSON body sent as %s', async (type) => {
      const response = await api.request({
        method: 'POST',
        url: '/api/test/widgets',
        headers: { 'content-type': type },
        payload: '{"name":"Tent","quantity":1}',
      });

      expect(response.statusCode).toBe(201);
    });

    it('answer a body over 1 MiB with a 413 problem', async () => {
      const response = await api.request({
        method: 'POST',
        url: '/api/test/widgets',
        payload: { name: 'x'.repeat(1024 * 1024), quantity: 1 },
      });

      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ status: 413, code: 'payload_too_large' });
    });

    it.each(['GET', 'POST', 'DELETE'] as const)(
      'answer %s of an unknown /api path with a JSON 404',
      async (method) => {
        const response = await api.request({ method, url: '/api/partners-of-nowhere/items' });

        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
      },
    );

    it('hide the internals of a 500 and log them with the request id', async () => {
      const response = await api.request({ method: 'POST', url: '/api/test/widgets/explode' });
      const requestId = response.headers['x-request-id'];

      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ status: 500, code: 'internal', requestId });
      expect(response.body).not.toMatch(/secret|hunter2|at .*\.ts/);
      const errorLine = api.logs.lines.find(
        (line) => line.requestId === requestId && line.level === 50 && line.err,
      );
      expect(errorLine?.err).toMatchObject({
        message: expect.stringContaining('secret internals'),
      });
    });
  });

  describe('request ids', () => {
    it('echo a sane X-Request-Id and put it on the log lines of the request', async () => {
      const response = await api.request({
        url: '/api/health/live',
        headers: { 'x-request-id': 'lb-7f3a.91_x' },
      });
      await api.request({ url: '/api/nowhere', headers: { 'x-request-id': 'lb-7f3a.92_x' } });

      expect(response.headers['x-request-id']).toBe('lb-7f3a.91_x');
      expect(api.logs.lines.some((line) => line.requestId === 'lb-7f3a.92_x')).toBe(true);
    });

    it.each([
      ['absent', undefined],
      ['with forbidden characters', 'abc<script>'],
      ['too long', 'a'.repeat(129)],
    ])('generate a new one when the caller’s is %s', async (_what, sent) => {
      const response = await api.request({
        url: '/api/nothing-here',
        headers: sent === undefined ? {} : { 'x-request-id': sent },
      });

      expect(response.headers['x-request-id']).toMatch(UUID);
      expect(response.json()).toMatchObject({ requestId: response.headers['x-request-id'] });
    });
  });

  describe('logs', () => {
    it('redact tokens in URLs', async () => {
      const response = await api.request('/reset-password?token=super-secret-reset-token');
      const lines = api.logs.lines.filter(
        (line) => line.requestId === response.headers['x-request-id'],
      );

      expect(lines.length).toBeGreaterThan(0);
      expect(JSON.stringify(lines)).not.toContain('super-secret-reset-token');
    });

    it('keep an allow-list of headers: no credential, the Referer without its query', async () => {
      const response = await api.request({
        url: '/api/nowhere',
        headers: {
          authorization: 'Bearer eyJ.secret-access-token',
          cookie: 'refresh=secret-refresh-token',
          'proxy-authorization': 'Basic secret-proxy-credential',
          'x-vendor-token': 'secret-vendor-token',
          referer: 'http://localhost:3000/reset-password?token=secret-reset-token',
          'user-agent': 'allow-listed agent',
        },
      });
      const lines = api.logs.lines.filter(
        (line) => line.requestId === response.headers['x-request-id'],
      );

      expect(lines.length).toBeGreaterThan(0);
      const logged = JSON.stringify(lines);
      expect(logged).not.toMatch(/secret-(access|refresh|proxy|vendor|reset)/);
      expect(logged).toContain('allow-listed agent');
      expect(logged).toContain('http://localhost:3000/reset-password');
    });
  });

  describe('the portal build', () => {
    it('serves hashed assets as immutable for a year', async () => {
      const response = await api.request('/assets/index-3f9a1c.js');

      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.body).toBe('export const portal = true;\n');
    });

    it.each(['/', '/index.html'])(
      'serves %s as the app shell, revalidated every time',
      async (url) => {
        const response = await api.request(url);

        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).toBe(dist.indexHtml);
      },
    );

    it.each(['/acme-outdoor/claims/123', '/signin?next=%2Facme-outdoor', '/no/such/screen'])(
      'answers the page path %s with the app shell',
      async (url) => {
        const response = await api.request(url);

        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(dist.indexHtml);
      },
    );

    it('answers HEAD of a page', async () => {
      const response = await api.request({ method: 'HEAD', url: '/acme-outdoor/overview' });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    });

    it('caches other build files briefly', async () => {
      const response = await api.request('/favicon.svg');

      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
    });

    it.each(['/assets/index-000000.js', '/assets/', '/assets/..%2f..%2fetc%2fpasswd'])(
      'answers a missing asset %s with a real 404',
      async (url) => {
        const response = await api.request(url);

        expect(response.statusCode).toBe(404);
        expect(response.body).not.toBe(dist.indexHtml);
      },
    );

    it('never serves files from outside the build folder', async () => {
      const outside = path.basename(path.dirname(dist.dir));
      const response = await api.request(
        `/..%2f${outside}%2f${path.basename(dist.dir)}%2findex.html`,
      );

      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(dist.indexHtml);
      expect((await api.request('/%2e%2e/%2e%2e/etc/passwd')).body).toBe(dist.indexHtml);
    });

    describe('with the page preloads of the build (docs/performance.md, Lighthouse)', () => {
      const preloads = {
        pages: [
          {
            path: '/:partnerSlug/inventory',
            modules: ['/assets/inventory-5e6f7a.js'],
            stylesheets: ['/assets/inventory-9c0d1e.css'],
            requests: ['/api/me', '/api/partners/:partnerSlug'],
            requestsWithoutQuery: ['/api/partners/:partnerSlug/inventory?sort=sku'],
          },
        ],
      };
      const file = () => path.join(dist.dir, '.vite', 'page-preloads.json');

      beforeAll(async () => {
        await mkdir(path.dirname(file()), { recursive: true });
        await writeFile(file(), JSON.stringify(preloads));
      });
      afterAll(() => rm(path.dirname(file()), { recursive: true, force: true }));

      it('names what a partner page loads first in its shell', async () => {
        const response = await api.request('/acme-outdoor/inventory');

        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toContain(
          '<link rel="preload" as="fetch" crossorigin href="/api/me">' +
            '<link rel="preload" as="fetch" crossorigin href="/api/partners/acme-outdoor">' +
            '<link rel="preload" as="fetch" crossorigin href="/api/partners/acme-outdoor/inventory?sort=sku">' +
            '<script type="module" src="/assets/index-3f9a1c.js"></script>' +
            '<link rel="modulepreload" crossorigin href="/assets/inventory-5e6f7a.js">' +
            '<link rel="stylesheet" crossorigin href="/assets/inventory-9c0d1e.css"></head>',
        );
      });

      it('leaves out the default first page of a list whose URL has a query', async () => {
        const response = await api.request('/acme-outdoor/inventory?q=tent');

        expect(response.body).toContain('href="/api/partners/acme-outdoor"');
        expect(response.body).not.toContain('inventory?sort=sku');
      });

      it.each(['/signin', '/acme-outdoor/claims/123', '/NOT-A-SLUG/inventory', '/'])(
        'serves %s as built',
        async (url) => {
          expect((await api.request(url)).body).toBe(dist.indexHtml);
        },
      );

      it('never serves the table itself', async () => {
        expect((await api.request('/.vite/page-preloads.json')).body).toBe(dist.indexHtml);
      });
    });
  });

  describe('the server-side application error page', () => {
    it('answers 500 with the page and its digest, and logs the error with the same digest', async () => {
      const index = path.join(dist.dir, 'index.html');
      await rename(index, `${index}.away`);
      try {
        const response = await api.request({
          url: '/signin',
          headers: { host: 'attacker.example' },
        });

        expect(response.statusCode).toBe(500);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).toContain(
          `Application error: a server-side exception has occurred while loading ${new URL(TEST_PUBLIC_URL).host} (see the server logs for more information).`,
        );
        expect(response.body).not.toContain('attacker.example');
        const digest = /Digest: (\d{10})/.exec(response.body)?.[1];
        expect(digest).toBeDefined();
        expect(response.body).not.toMatch(/ENOENT|index\.html|at .*\(/);
        // The page's own style is allowed by its hash; scripts stay forbidden.
        const csp = cspDirectives(response.headers['content-security-policy']);
        expect(csp.get('style-src')).toMatch(/^'self' 'sha256-[A-Za-z0-9+/]+=*'$/);
        expect(csp.get('script-src')).toBe("'self'");

        const errorLine = api.logs.lines.find((line) => line.digest === digest);
        expect(errorLine).toMatchObject({ level: 50, requestId: response.headers['x-request-id'] });
        expect(errorLine?.err).toMatchObject({ code: 'ENOENT' });
      } finally {
        await rename(`${index}.away`, index);
      }
    });
  });

  describe('a start before the portal is built', () => {
    it('warns once, naming the folder, and answers pages with the error page', async () => {
      const missing = path.join(dist.dir, 'not-built');
      const early = await startTestApp({
        databaseUrl: database.url,
        env: { PORTAL_DIST_DIR: missing },
      });
      try {
        const warning = early.logs.lines.find((line) => line.portalDistDir === missing);
        expect(warning).toMatchObject({
          level: 40,
          msg: expect.stringContaining('pnpm --filter @partner-portal/portal build'),
        });
        expect((await early.request('/')).statusCode).toBe(500);
        expect((await early.request('/api/health/live')).statusCode).toBe(200);
      } finally {
        await early.close();
      }
    });
  });

  describe('the API documentation', () => {
    it('serves the OpenAPI document', async () => {
      const response = await api.request('/api/openapi.json');

      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
    });

    it('serves Swagger UI with no inline script, inline styles allowed only there', async () => {
      const response = await api.request('/api/docs');
      const csp = cspDirectives(response.headers['content-security-policy']);

      expect(response.statusCode).toBe(200);
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('style-src')).toContain("'unsafe-inline'");
      expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    });
  });

  describe('shutdown', () => {
    it('lets a request in flight finish before the server closes', async () => {
      const server = await startTestApp({
        databaseUrl: database.url,
        testControllers: [SlowTestController],
      });
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `${await server.app.getUrl()}/api/test/slow`.replace('[::1]', '127.0.0.1');

      const inFlight = fetch(url, { method: 'POST' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const closed = server.close();
      const response = await inFlight;
      await closed;

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ finished: true });
      await expect(fetch(url, { method: 'POST' })).rejects.toThrow();
    });
  });

  describe('health', () => {
    it('is live and ready while the database answers', async () => {
      expect((await api.request('/api/health/live')).json()).toEqual({ status: 'ok' });
      const ready = await api.request('/api/health/ready');
      expect(ready.statusCode).toBe(200);
      // With the job queue's counts (docs/operations.md, Jobs): nothing enqueued in this file.
      expect(ready.json()).toEqual({ status: 'ok', jobs: { pending: 0, failed: 0, dead: 0 } });
    });

    it('is not ready (503 problem) once the database is gone, and still live', async () => {
      await database.stop();

      const ready = await api.request('/api/health/ready');

      expect(ready.statusCode).toBe(503);
      expect(ready.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(ready.json()).toMatchObject({ status: 503, code: 'unavailable' });
      expect((await api.request('/api/health/live')).statusCode).toBe(200);
    });
  });
});
