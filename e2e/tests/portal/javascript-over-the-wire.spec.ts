import { expect, test } from '../../support/fixtures';
import { signInThroughApi } from '../../support/session';

// What a partner's browser downloads before the first screen: every script of a signed-in partner page,
// counted as the bytes on the wire (compressed, as served), from a cold cache. docs/performance.md,
// "JavaScript over the wire", keeps the figure.
const budgetBytes = 150 * 1024;

type Script = { path: string; wire: number; decoded: number; encoding: string | undefined };

test('a signed-in partner page loads under 150 KB of JavaScript over the wire, cold cache', async ({
  page,
  browserErrors,
}, testInfo) => {
  // A fresh context has an empty cache; clearing it too keeps the measure honest if that changes.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await signInThroughApi(page, 'manager@acme.example');

  const pending: Promise<Script>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    const type = response.headers()['content-type'] ?? '';
    if (!path.endsWith('.js') && !type.includes('javascript')) return;
    pending.push(
      (async () => {
        // sizes() waits for the body: responseBodySize is the encoded (transferred) size.
        const sizes = await response.request().sizes();
        const decoded = (await response.body()).length;
        return {
          path,
          wire: sizes.responseBodySize,
          decoded,
          encoding: response.headers()['content-encoding'],
        };
      })(),
    );
  });

  await page.goto('/acme-outdoor/overview');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/overview/i);
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(pending);

  const wire = scripts.reduce((total, script) => total + script.wire, 0);
  const decoded = scripts.reduce((total, script) => total + script.decoded, 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = scripts
    .sort((a, b) => b.wire - a.wire)
    .map(
      (s) => `  ${s.path}: ${kb(s.wire)} (${s.encoding ?? 'identity'}; ${kb(s.decoded)} decoded)`,
    );
  const summary =
    `JavaScript over the wire for /acme-outdoor/overview: ${kb(wire)} in ${scripts.length} files ` +
    `(${kb(decoded)} decoded; budget ${kb(budgetBytes)})`;
  console.log([summary, ...lines].join('\n'));
  testInfo.annotations.push({ type: 'JavaScript over the wire', description: summary });

  expect(scripts.length).toBeGreaterThan(0);
  // The measure counts compressed bytes: compressed scripts are smaller on the wire than decoded.
  const compressed = scripts.filter((s) => s.encoding && s.encoding !== 'identity');
  if (compressed.length) {
    const sum = (key: 'wire' | 'decoded') => compressed.reduce((total, s) => total + s[key], 0);
    expect(sum('wire'), 'compressed scripts, bytes on the wire').toBeLessThan(sum('decoded'));
  }
  expect(wire, summary).toBeLessThan(budgetBytes);
  expect(browserErrors).toEqual([]);
});
