import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Debian's Chromium: browsers are never downloaded by Playwright on these machines. */
export function chromiumPath(): string {
  const found = candidates.find((path): path is string => !!path && existsSync(path));
  if (!found) {
    throw new Error(
      "No Chromium found for the e2e suite. Install Debian's package (`sudo apt-get install -y chromium`) " +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary. (`playwright install` is not used.)',
    );
  }
  return found;
}

export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
