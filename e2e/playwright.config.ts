import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';
import { portalURL, storybookURL } from './support/servers';
const browser = { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() };

export default defineConfig({
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two cores. The product suite runs one test at a time (its server takes a core); the story walk
  // shares the two workers.
  workers: 2,
  timeout: 30_000,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    {
      // The whole product: the BFF serving the built portal, on PostgreSQL, in Chromium.
      name: 'portal',
      testDir: './tests/portal',
      workers: 1,
      use: { ...browser, baseURL: portalURL },
    },
    {
      // ui-kit as designers and outside apps meet it: the built Storybook and the packed tarball.
      name: 'ui-kit',
      testDir: './tests/ui-kit',
      fullyParallel: true,
      use: { ...browser, baseURL: storybookURL },
    },
    {
      // The builds themselves, without a browser: they must not depend on the shell's NODE_ENV.
      name: 'builds',
      testDir: './tests/builds',
    },
  ],
  webServer: [
    {
      command: 'node scripts/start-server.mjs',
      url: `${portalURL}/api/health/ready`,
      reuseExistingServer: false,
      // E2E_CLUSTER (test:cluster) starts its instances one after the other, then HAProxy.
      timeout: process.env.E2E_CLUSTER ? 240_000 : 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: { E2E_PORT: new URL(portalURL).port },
    },
    {
      command: `sirv ../ui-kit/storybook-static --port ${new URL(storybookURL).port} --host 127.0.0.1 --quiet`,
      url: `${storybookURL}/index.json`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
