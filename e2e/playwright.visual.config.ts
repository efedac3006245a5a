import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';
import { visualStorybookURL } from './support/servers';

// The visual test of every story (ui-kit/README.md, "Visual test"): `pnpm test:visual` at the root,
// `pnpm test:visual --update` to rewrite the baselines. Only the built Storybook is served: no BFF.
export default defineConfig({
  testDir: './tests/visual',
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two cores: two workers, each with one preview page that walks its share of the stories.
  workers: 2,
  fullyParallel: true,
  timeout: 30_000,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  outputDir: './test-results/visual',
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    baseURL: visualStorybookURL,
  },
  webServer: {
    command: `sirv ../ui-kit/storybook-static --port ${new URL(visualStorybookURL).port} --host 127.0.0.1 --quiet`,
    url: `${visualStorybookURL}/index.json`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
