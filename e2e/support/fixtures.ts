import { test as base, expect, type ConsoleMessage } from '@playwright/test';

type Fixtures = {
  /** Console errors and uncaught exceptions of the page; a test that expects none asserts on it. */
  browserErrors: string[];
};

export const test = base.extend<Fixtures>({
  browserErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };
