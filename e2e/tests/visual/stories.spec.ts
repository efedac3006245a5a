import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import {
  baselineDir,
  checkStory,
  openPreview,
  renderStory,
  shotsOf,
  storyIndex,
} from '../../support/visual';

// Every story of the built Storybook against its baselines in ui-kit/visual/ (ui-kit/README.md,
// "Visual test"). A difference fails the story's test with the capture and a diff image attached (and
// written under test-results/visual/); VISUAL_UPDATE=1 (`pnpm test:visual --update`) rewrites them.
const stories = storyIndex();
const update = process.env.VISUAL_UPDATE === '1';

const test = base.extend<object, { preview: Page }>({
  preview: [
    async ({ browser }, use, workerInfo) => {
      const page = await openPreview(browser, workerInfo.project.use.baseURL!);
      await use(page);
      await page.context().close();
    },
    { scope: 'worker' },
  ],
});

test('the story index is not empty, and Inter is the font', async ({ preview }) => {
  expect(stories.length).toBeGreaterThan(10);
  // Inter from the package (Storybook's preview), not whatever the system would substitute.
  const inter = await preview.evaluate(async () =>
    (await document.fonts.load('600 16px Inter')).map((face) => face.family),
  );
  expect(inter).toContain('Inter');
});

test('every baseline belongs to a story', () => {
  const groups = new Set(stories.map((story) => story.id.split('--')[0]));
  const ids = new Set(stories.map((story) => story.id));
  const orphans = readdirSync(baselineDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.png'))
    .filter((file) => {
      const [group, name] = [file.split('/')[0], file.split('/')[1]?.split('.')[0]];
      return !groups.has(group) || !ids.has(`${group}--${name}`);
    });
  if (update) for (const file of orphans) rmSync(join(baselineDir, file));
  else expect(orphans, 'baselines of stories that no longer exist').toEqual([]);
});

for (const story of stories) {
  test(`${story.title} › ${story.name}`, async ({ preview }, testInfo) => {
    const failures: string[] = [];
    for (const shot of await shotsOf(preview, story)) {
      await renderStory(preview, story.id, shot);
      const result = await checkStory(preview, shot.baseline, {
        update,
        outputDir: testInfo.outputDir,
      });
      if (result.status === 'missing') {
        failures.push(`${shot.theme} ${shot.width}px: no baseline (pnpm test:visual --update)`);
        await testInfo.attach(`${shot.theme}-actual`, { path: result.actual });
      } else if (result.status === 'differs') {
        failures.push(`${shot.theme} ${shot.width}px: ${result.reason}; diff: ${result.diff}`);
        await testInfo.attach(`${shot.theme}-actual`, { path: result.actual });
        await testInfo.attach(`${shot.theme}-diff`, { path: result.diff });
      }
    }
    expect(failures).toEqual([]);
  });
}
