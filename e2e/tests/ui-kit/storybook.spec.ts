import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createRequire } from 'node:module';
import { test as base, expect, type Page } from '@playwright/test';
import { storybookURL } from '../../support/servers';

// Walks the built Storybook's story index: every story renders without a console error and passes axe
// with 0 violations, in the light and the dark theme. One preview page serves the whole walk: stories
// and themes are switched over Storybook's channel (as @storybook/test-runner does), not by reloading.
type IndexEntry = { id: string; title: string; name: string; type: 'story' | 'docs' };
type Theme = 'light' | 'dark';

const indexPath = resolve(import.meta.dirname, '../../../ui-kit/storybook-static/index.json');
const index = JSON.parse(readFileSync(indexPath, 'utf8')) as {
  entries: Record<string, IndexEntry>;
};
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');

// axe-core is injected once per preview page, not once per check (AxeBuilder injects it into the page
// on every analyze()).
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

type Preview = { page: Page; errors: string[]; theme: Theme };

const test = base.extend<object, { preview: Preview }>({
  preview: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ baseURL: storybookURL });
      const page = await context.newPage();
      const preview: Preview = { page, errors: [], theme: 'light' };
      page.on('console', (message) => {
        if (message.type() === 'error') preview.errors.push(message.text());
      });
      page.on('pageerror', (error) => preview.errors.push(error.message));
      await page.goto('/iframe.html?viewMode=story&id=*');
      await page.waitForFunction(() => '__STORYBOOK_ADDONS_CHANNEL__' in window);
      await page.addScriptTag({ content: axeSource });
      await use(preview);
      await context.close();
    },
    { scope: 'worker' },
  ],
});

/** Emits one channel event and resolves with the render outcome that follows it. */
function emitAndAwaitRender(page: Page, event: string, payload: unknown) {
  return page.evaluate(
    ({ event, payload }) =>
      new Promise<{ outcome: string; detail: string }>((resolveRender) => {
        type Channel = {
          on(
            name: string,
            listener: (arg?: { message?: string; description?: string }) => void,
          ): void;
          off(
            name: string,
            listener: (arg?: { message?: string; description?: string }) => void,
          ): void;
          emit(name: string, arg: unknown): void;
        };
        const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel })
          .__STORYBOOK_ADDONS_CHANNEL__;
        const outcomes = ['storyRendered', 'storyErrored', 'storyThrewException', 'storyMissing'];
        const listeners = outcomes.map((outcome) => {
          const listener = (arg?: { message?: string; description?: string }) => {
            listeners.forEach(([name, fn]) => channel.off(name, fn));
            resolveRender({ outcome, detail: String(arg?.message ?? arg?.description ?? '') });
          };
          channel.on(outcome, listener);
          return [outcome, listener] as const;
        });
        channel.emit(event, payload);
      }),
    { event, payload },
  );
}

/** Axe on the rendered story; `contrastOnly` for the second theme, the only rule a theme changes. */
async function checkTheme(preview: Preview, theme: Theme, contrastOnly: boolean) {
  if (preview.theme !== theme) {
    const { outcome, detail } = await emitAndAwaitRender(preview.page, 'updateGlobals', {
      globals: { theme },
    });
    expect(outcome, detail).toBe('storyRendered');
    preview.theme = theme;
  }
  // (A story that pins its theme in parameters, such as "Dark Theme", keeps it whatever the global.)
  // Rendered something (not "has text": an icon-only button has none).
  await expect(preview.page.locator('#storybook-root > [data-theme] > *')).not.toHaveCount(0);
  // The whole preview: dialogs, menus and toasts render in portals outside #storybook-root.
  // Only violations are fully reported: axe then skips the detail of passing nodes (several times faster).
  const violations = await preview.page.evaluate(
    async ({ contrastOnly }) => {
      type Violation = { id: string; nodes: Array<{ target: string[] }> };
      type Axe = { run(context: Document, options: object): Promise<{ violations: Violation[] }> };
      const { axe } = window as unknown as { axe: Axe };
      const options = contrastOnly
        ? { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] }
        : {
            runOnly: {
              type: 'tag',
              values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
            },
            // Page-level rules: a story is a component in isolation, not a page.
            rules: {
              region: { enabled: false },
              'landmark-one-main': { enabled: false },
              'page-has-heading-one': { enabled: false },
            },
            resultTypes: ['violations'],
          };
      const results = await axe.run(document, options);
      return results.violations.map((violation) => ({
        id: violation.id,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
    },
    { contrastOnly },
  );
  return violations.map(({ id, targets }) => `${theme}: ${id} (${targets.join(', ')})`);
}

test('the story index is not empty', () => {
  expect(stories.length).toBeGreaterThan(10);
});

for (const story of stories) {
  test(`${story.title} › ${story.name}`, async ({ preview }) => {
    preview.errors.length = 0;
    const { outcome, detail } = await emitAndAwaitRender(preview.page, 'setCurrentStory', {
      storyId: story.id,
      viewMode: 'story',
    });
    expect(outcome, detail).toBe('storyRendered');
    // Alternate the order of themes so that each story costs one theme switch, not two.
    const themes: Theme[] = preview.theme === 'light' ? ['light', 'dark'] : ['dark', 'light'];
    const violations = [
      ...(await checkTheme(preview, themes[0]!, false)),
      ...(await checkTheme(preview, themes[1]!, true)),
    ];
    expect(violations).toEqual([]);
    expect(preview.errors).toEqual([]);
  });
}
