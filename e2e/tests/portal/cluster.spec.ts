import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repo } from '../../support/bff-process';
import { expect, test } from '../../support/fixtures';
import { portalURL } from '../../support/servers';
import { demoPassword } from '../../support/session';

// E2E_CLUSTER (docs/operations.md, "A cluster on one machine"): the e2e server as `pnpm start:cluster`,
// HAProxy in front of two instances. The whole portal project runs so with `test:cluster`, outside CI
// (8.5 min); this is CI's smoke of the mode: it starts, a person signs in through the browser, and it
// stops cleanly. A port of its own (and the next two for the instances), beside the suite's server.
const port = Number(new URL(portalURL).port) + 70;

test.skip(
  !process.env.TEST_DATABASE_URL,
  'E2E_CLUSTER needs a PostgreSQL server (TEST_DATABASE_URL)',
);
test.skip(!existsSync('/usr/sbin/haproxy'), 'no HAProxy (apt-get install haproxy)');

test('E2E_CLUSTER=2: the e2e server as two instances behind HAProxy, where a manager signs in', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(120_000);
  const server = spawn(process.execPath, [join(repo, 'e2e/scripts/start-server.mjs')], {
    env: { ...process.env, E2E_PORT: String(port), E2E_CLUSTER: '2' },
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  try {
    await expect
      .poll(() => output, { timeout: 100_000, intervals: [250] })
      .toContain(`[cluster] HAProxy on http://127.0.0.1:${port} → 2 instance(s)`);
    expect(output).toContain(`[cluster] instance 2 ready on 127.0.0.1:${port + 2}`);

    await page.goto(`http://localhost:${port}/signin`);
    await page.getByLabel(/^Email/).fill('manager@acme.example');
    await page.getByLabel(/^Password/).fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`http://localhost:${port}/acme-outdoor/overview`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
    expect(browserErrors).toEqual([]);
  } finally {
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  }
  expect(output).toContain('[cluster] stopping');
});
