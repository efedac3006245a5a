import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../../support/fixtures';

// Walks the built Storybook's story index: every story renders without a console error and passes axe
// with 0 violations, in the light and the dark theme.
type IndexEntry = { id: string; title: string; name: string; type: 'story' | 'docs' };
const indexPath = resolve(import.meta.dirname, '../../../ui-kit/storybook-static/index.json');
const index = JSON.parse(readFileSync(indexPath, 'utf8')) as {
  entries: Record<string, IndexEntry>;
};
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');

test('the story index is not empty', () => {
  expect(stories.length).toBeGreaterThan(10);
});

for (const story of stories) {
  test(`${story.title} › ${story.name}`, async ({ page, browserErrors }) => {
    for (const theme of ['light', 'dark'] as const) {
      await page.goto(`/iframe.html?id=${story.id}&viewMode=story&globals=theme:${theme}`);
      await expect(page.locator('body')).toHaveClass(/sb-show-main/);
      await expect(page.locator('#storybook-root')).not.toBeEmpty();
      // The whole iframe: dialogs, menus and toasts render in portals outside #storybook-root.
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        // Page-level rules: a story is a component in isolation, not a page.
        .disableRules(['region', 'landmark-one-main', 'page-has-heading-one'])
        .analyze();
      const violations = results.violations.map(
        (violation) =>
          `${theme}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      );
      expect(violations).toEqual([]);
    }
    expect(browserErrors).toEqual([]);
  });
}
