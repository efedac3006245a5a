import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  captureStory,
  compareWithBaseline,
  openPreview,
  renderStory,
  shotsOf,
  storybookDir,
  storyIndex,
} from '../../support/visual';

// The visual test catches a changed token: in a temporary copy of the built Storybook the light theme's
// --ppui-color-accent-emphasis is another blue, and the primary Button's capture then differs from its
// baseline, with a diff image written.
const storyId = 'actions-button--primary';
let copy = '';
let server: Server | undefined;
let baseURL = '';

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

test.beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'visual-token-change-'));
  cpSync(storybookDir, join(copy, 'site'), { recursive: true });
  const assets = join(copy, 'site/assets');
  const changed = readdirSync(assets)
    .filter((file) => file.endsWith('.css'))
    .filter((file) => {
      const css = readFileSync(join(assets, file), 'utf8');
      const next = css.replace(/(--ppui-color-accent-emphasis:\s*)#0b5fcc/i, '$1#2f6fd6');
      writeFileSync(join(assets, file), next);
      return next !== css;
    });
  expect(changed, 'the stylesheet that defines the accent colour').toHaveLength(1);
  server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url!, 'http://x').pathname));
    const file = join(copy, 'site', path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(join(copy, 'site')) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
  const address = server.address() as { port: number };
  baseURL = `http://127.0.0.1:${address.port}`;
});

test.afterAll(async () => {
  await new Promise((closed) => (server ? server.close(closed) : closed(undefined)));
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test('a changed accent colour fails the primary Button with a diff image', async ({
  browser,
}, testInfo) => {
  const story = storyIndex().find((entry) => entry.id === storyId);
  expect(story, `${storyId} in the story index`).toBeTruthy();
  const page = await openPreview(browser, baseURL);
  const [light] = (await shotsOf(page, story!)).filter((shot) => shot.theme === 'light');
  await renderStory(page, storyId, light!);
  const result = compareWithBaseline(await captureStory(page), light!.baseline, {
    update: false,
    outputDir: testInfo.outputDir,
  });
  await page.context().close();
  expect(result.status).toBe('differs');
  if (result.status !== 'differs') return;
  console.log(`token change: ${result.reason}; diff image ${result.diff}`);
  expect(existsSync(result.diff)).toBe(true);
  await testInfo.attach('diff', { path: result.diff });
});
