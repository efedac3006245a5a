import { test as base, expect, type ConsoleMessage } from '@playwright/test';

type Fixtures = {
  /** Console errors and uncaught exceptions of the page; a test that expects none asserts on it. */
  browserErrors: string[];
};

/**
 * Chromium logs every 4xx answer as a console error; a 4xx from the API (no session yet, a token that is
 * not valid) is an answer the screen handles, not an error of the page.
 */
function isExpectedApiAnswer(message: ConsoleMessage): boolean {
  const resource = message.location().url;
  return (
    /status of 4\d\d/.test(message.text()) &&
    !!resource &&
    new URL(resource).pathname.startsWith('/api/')
  );
}

export const test = base.extend<Fixtures>({
  browserErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' && !isExpectedApiAnswer(message)) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };
