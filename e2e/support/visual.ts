import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

// The visual test of every story (ui-kit/README.md, "Visual test"): each story of the built Storybook,
// in each theme and at each width it declares, is captured in the pinned Chromium (Debian's, fixed
// viewport and device scale, Inter from @fontsource loaded by Storybook's preview, reduced motion,
// animations stopped, caret hidden) and compared with its committed baseline in ui-kit/visual/.

export type Theme = 'light' | 'dark';
export type IndexEntry = { id: string; title: string; name: string; type: 'story' | 'docs' };

export const repo = resolve(import.meta.dirname, '../..');
export const storybookDir = join(repo, 'ui-kit/storybook-static');
/** Where reviewers see the baselines: beside the kit, one folder per component. */
export const baselineDir = join(repo, 'ui-kit/visual');
/** The viewport of a story that declares none. */
export const defaultViewport = { width: 1024, height: 768 };
/**
 * A pixel differs when its colour distance passes pixelmatch's `threshold` (0 to 1; anti-aliasing is
 * not counted); a capture fails when more than `maxDiffPixelRatio` of its pixels differ or its size
 * changed. The same Chromium renders the same pixels, so the threshold is low: 0.1 (pixelmatch's
 * default) let the accent colour pass as #2f6fd6 instead of #0b5fcc; 0.03 catches a shift of about a
 * tenth of that.
 */
export const tolerance = { threshold: 0.03, maxDiffPixelRatio: 0.001 };

export function storyIndex(dir = storybookDir): IndexEntry[] {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as {
    entries: Record<string, IndexEntry>;
  };
  return Object.values(index.entries).filter((entry) => entry.type === 'story');
}

/** Storybook's own viewports that stories name in `globals.viewport` without declaring them. */
const storybookViewports: Record<string, { width: string; height: string }> = {
  mobile1: { width: '320px', height: '568px' },
  mobile2: { width: '414px', height: '896px' },
  tablet: { width: '834px', height: '1112px' },
};

export type Shot = { theme: Theme; width: number; height: number; baseline: string };

/** Opens one preview page; stories are then switched over Storybook's channel, not by reloading. */
export async function openPreview(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: defaultViewport,
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    colorScheme: 'light',
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  const page = await context.newPage();
  await page.goto('/iframe.html?viewMode=story&id=*');
  await page.waitForFunction(() => '__STORYBOOK_PREVIEW__' in window);
  await page.evaluate(() => document.fonts.ready);
  return page;
}

type StoryFacts = { theme?: Theme; viewport?: { width: string; height: string } };

/** The theme a story pins and the viewport it declares, from the preview's story store. */
async function storyFacts(page: Page, storyId: string): Promise<StoryFacts> {
  const facts = await page.evaluate(async (id) => {
    type Story = {
      parameters: {
        theme?: string;
        viewport?: { options?: Record<string, { styles: { width: string; height: string } }> };
      };
      storyGlobals?: { viewport?: { value?: string } };
      globals?: { viewport?: { value?: string } };
    };
    const preview = (
      window as unknown as {
        __STORYBOOK_PREVIEW__: {
          storyStoreValue: { loadStory(arg: { storyId: string }): Promise<Story> };
        };
      }
    ).__STORYBOOK_PREVIEW__;
    const story = await preview.storyStoreValue.loadStory({ storyId: id });
    const viewportName = (story.storyGlobals ?? story.globals)?.viewport?.value;
    return {
      theme: story.parameters.theme,
      viewportName,
      viewport: viewportName
        ? story.parameters.viewport?.options?.[viewportName]?.styles
        : undefined,
    };
  }, storyId);
  const viewport =
    facts.viewport ?? (facts.viewportName ? storybookViewports[facts.viewportName] : undefined);
  if (facts.viewportName && !viewport)
    throw new Error(`${storyId}: unknown viewport ${facts.viewportName}`);
  return { theme: facts.theme as Theme | undefined, viewport };
}

/** The captures of a story: each theme (one when it pins its theme), at its declared width. */
export async function shotsOf(page: Page, story: IndexEntry): Promise<Shot[]> {
  const facts = await storyFacts(page, story.id);
  const width = facts.viewport ? Number.parseInt(facts.viewport.width, 10) : defaultViewport.width;
  const height = facts.viewport
    ? Number.parseInt(facts.viewport.height, 10)
    : defaultViewport.height;
  const themes: Theme[] = facts.theme ? [facts.theme] : ['light', 'dark'];
  const [group, name] = story.id.split('--') as [string, string];
  return themes.map((theme) => ({
    theme,
    width,
    height,
    baseline: join(baselineDir, group, `${name}.${theme}${facts.viewport ? `.${width}` : ''}.png`),
  }));
}

/** Emits one channel event and resolves with the render outcome that follows it. */
function emitAndAwaitRender(page: Page, event: string, payload: unknown) {
  return page.evaluate(
    ({ event, payload }) =>
      new Promise<{ outcome: string; detail: string }>((resolveRender) => {
        type Listener = (arg?: { message?: string; description?: string }) => void;
        type Channel = {
          on(name: string, listener: Listener): void;
          off(name: string, listener: Listener): void;
          emit(name: string, arg: unknown): void;
        };
        const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel })
          .__STORYBOOK_ADDONS_CHANNEL__;
        const outcomes = ['storyRendered', 'storyErrored', 'storyThrewException', 'storyMissing'];
        const listeners = outcomes.map((outcome) => {
          const listener: Listener = (arg) => {
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

/** What each preview page shows now: a channel event that changes nothing renders nothing. */
const shown = new WeakMap<Page, { storyId?: string; theme: Theme }>();

/** Renders a story in a theme at a size; throws when Storybook reports anything but a render. */
export async function renderStory(page: Page, storyId: string, shot: Shot) {
  const now = shown.get(page) ?? { theme: 'light' }; // the preview's initialGlobals
  await page.setViewportSize({ width: shot.width, height: shot.height });
  const events: Array<[string, unknown]> = [];
  if (now.storyId !== storyId) events.push(['setCurrentStory', { storyId, viewMode: 'story' }]);
  if (now.theme !== shot.theme) events.push(['updateGlobals', { globals: { theme: shot.theme } }]);
  for (const [event, payload] of events) {
    const { outcome, detail } = await emitAndAwaitRender(page, event, payload);
    if (outcome !== 'storyRendered') throw new Error(`${storyId} (${event}): ${outcome} ${detail}`);
    if (event === 'setCurrentStory') shown.set(page, { ...now, storyId });
  }
  shown.set(page, { storyId, theme: shot.theme });
}

/**
 * A PNG of the story's root element: its rendered content plus whatever it portals to the body
 * (dialogs, menus, toasts), with a margin for focus rings and shadows.
 */
async function captureOnce(page: Page): Promise<Buffer> {
  // Stories re-render after effects (charts measure, fields focus): wait for two still frames.
  await page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await page.evaluate(() => document.fonts.ready);
  const clip = await page.evaluate(() => {
    const root = document.querySelector('#storybook-root > [data-theme]');
    const portalled = [...document.body.children].filter(
      (element) =>
        !['storybook-root', 'storybook-docs'].includes(element.id) &&
        !['SCRIPT', 'STYLE', 'LINK'].includes(element.tagName) &&
        ![...element.classList].some((name) => name.startsWith('sb-')),
    );
    // Fixed layers inside the story (a toast viewport) sit outside their parents' boxes.
    const fixed = [...(root?.querySelectorAll('*') ?? [])].filter(
      (element) => getComputedStyle(element).position === 'fixed',
    );
    const rects = [...(root?.children ?? []), ...portalled, ...fixed]
      .map((element) => element.getBoundingClientRect())
      // Only what shows: not an element parked off the page (Recharts' text-measuring span).
      .filter((rect) => rect.width > 0 && rect.height > 0 && rect.right > 0 && rect.bottom > 0);
    if (rects.length === 0) return null;
    const margin = 8;
    const left = Math.max(0, Math.floor(Math.min(...rects.map((rect) => rect.left)) - margin));
    const top = Math.max(0, Math.floor(Math.min(...rects.map((rect) => rect.top)) - margin));
    const right = Math.ceil(Math.max(...rects.map((rect) => rect.right)) + margin);
    const bottom = Math.ceil(Math.max(...rects.map((rect) => rect.bottom)) + margin);
    const pageWidth = document.documentElement.scrollWidth;
    return {
      x: left + window.scrollX,
      y: top + window.scrollY,
      width: Math.min(right, pageWidth) - left,
      height: bottom - top,
    };
  });
  return page.screenshot({
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
    ...(clip ? { clip } : {}),
  });
}

/**
 * The story once it stands still: captures until two in a row are the same (charts draw their plots
 * in tasks of their own after the first render, later on a loaded machine).
 */
export async function captureStory(page: Page): Promise<Buffer> {
  let previous = await captureOnce(page);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const next = await captureOnce(page);
    if (next.equals(previous)) return next;
    previous = next;
    await page.waitForTimeout(100);
  }
  throw new Error('the story did not stand still for two captures in a row');
}

export type Comparison =
  | { status: 'same' | 'written'; baseline: string }
  | { status: 'missing'; baseline: string; actual: string }
  | { status: 'differs'; baseline: string; actual: string; diff: string; reason: string };

/** How a capture differs from an existing baseline, or null when it is the same within `tolerance`. */
function difference(actualPng: Buffer, baseline: string): { reason: string; image: Buffer } | null {
  const expected = PNG.sync.read(readFileSync(baseline));
  const actual = PNG.sync.read(actualPng);
  if (expected.width !== actual.width || expected.height !== actual.height) {
    return {
      reason: `size ${actual.width}×${actual.height}, baseline ${expected.width}×${expected.height}`,
      image: sideBySide(expected, actual),
    };
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const differing = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: tolerance.threshold,
  });
  if (differing <= tolerance.maxDiffPixelRatio * actual.width * actual.height) return null;
  return {
    reason: `${differing} of ${actual.width * actual.height} pixels differ`,
    image: PNG.sync.write(diff),
  };
}

/**
 * Compares a capture with its baseline. `update` writes the capture as the baseline when they differ
 * (or none exists); otherwise a difference leaves `<name>.actual.png` and `<name>.diff.png` in
 * `outputDir`.
 */
export function compareWithBaseline(
  actualPng: Buffer,
  baseline: string,
  options: { update: boolean; outputDir: string },
): Comparison {
  const stem = join(
    options.outputDir,
    baseline.slice(baselineDir.length + 1).replace(/\.png$/, ''),
  );
  const writeOutput = (suffix: string, data: Buffer) => {
    const path = `${stem}.${suffix}.png`;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
    return path;
  };
  const writeBaseline = (): Comparison => {
    mkdirSync(dirname(baseline), { recursive: true });
    writeFileSync(baseline, actualPng);
    return { status: 'written', baseline };
  };
  if (!existsSync(baseline)) {
    return options.update
      ? writeBaseline()
      : { status: 'missing', baseline, actual: writeOutput('actual', actualPng) };
  }
  const found = difference(actualPng, baseline);
  if (!found) return { status: 'same', baseline };
  if (options.update) return writeBaseline();
  return {
    status: 'differs',
    baseline,
    reason: found.reason,
    actual: writeOutput('actual', actualPng),
    diff: writeOutput('diff', found.image),
  };
}

/**
 * Captures the rendered story and compares it with its baseline. A first capture that matches is
 * enough (the common case: one screenshot); otherwise the story is captured until it stands still and
 * that capture is compared (or written, with `update`).
 */
export async function checkStory(
  page: Page,
  baseline: string,
  options: { update: boolean; outputDir: string },
): Promise<Comparison> {
  if (!options.update && existsSync(baseline)) {
    if (!difference(await captureOnce(page), baseline)) return { status: 'same', baseline };
  }
  return compareWithBaseline(await captureStory(page), baseline, options);
}

/** Baseline and capture side by side, for a change of size (pixelmatch compares equal sizes only). */
function sideBySide(expected: PNG, actual: PNG): Buffer {
  const out = new PNG({
    width: expected.width + actual.width,
    height: Math.max(expected.height, actual.height),
  });
  PNG.bitblt(expected, out, 0, 0, expected.width, expected.height, 0, 0);
  PNG.bitblt(actual, out, 0, 0, actual.width, actual.height, expected.width, 0);
  return PNG.sync.write(out);
}
