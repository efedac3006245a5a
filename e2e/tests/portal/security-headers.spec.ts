import { expect, test } from '@playwright/test';

function expectSecurityHeaders(headers: Record<string, string>) {
  const csp = headers['content-security-policy'] ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values] as const),
  );
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  const scriptSrc = directives.get('script-src') ?? directives.get('default-src') ?? [];
  expect(scriptSrc.length).toBeGreaterThan(0);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]+$/);
}

test('pages carry the security headers of docs/api.md', async ({ request }) => {
  for (const path of ['/signin', '/acme-outdoor/overview']) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expectSecurityHeaders(response.headers());
    expect(response.headers()['cache-control']).toBe('no-cache');
  }
});

test('the reset-password page sends no referrer', async ({ request }) => {
  const response = await request.get('/reset-password?token=abc');
  expect(response.headers()['referrer-policy']).toBe('no-referrer');
});

test('API responses carry the security headers of docs/api.md', async ({ request }) => {
  const ok = await request.get('/api/health/live');
  expect(ok.status()).toBe(200);
  expectSecurityHeaders(ok.headers());
  const missing = await request.get('/api/nope');
  expectSecurityHeaders(missing.headers());
});

test('hashed assets are immutable; the app shell is revalidated', async ({ request }) => {
  const html = await (await request.get('/signin')).text();
  const entry = html.match(/<script[^>]+src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(entry, 'index.html references a hashed entry script').toBeTruthy();
  const asset = await request.get(entry!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request.get('/assets/does-not-exist-0000.js')).status()).toBe(404);
  // No inline scripts: every <script> has a src.
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
});
