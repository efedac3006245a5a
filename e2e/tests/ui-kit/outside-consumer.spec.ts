import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

// ui-kit as another internal app meets it: the packed tarball installed into a throwaway Vite + React
// app outside the workspace. Two pages are built: one rendering a plain <button> (React alone) and one
// rendering ui-kit's Button; the difference between them is what ui-kit costs an app using only Button.
const repo = resolve(import.meta.dirname, '../../..');
const portalManifest = JSON.parse(readFileSync(join(repo, 'portal/package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const budgetBytes = 15 * 1024;
const port = 4173 + (process.pid % 500);

let app = '';
let preview: ChildProcess | undefined;

/** Runs a command in the consumer app; a failure carries the command's own output. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  try {
    execFileSync(command, args, { cwd: app, stdio: 'pipe', env });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`, {
      cause: error,
    });
  }
}

function write(path: string, content: string) {
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, content);
}

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean; src?: string };

/** Gzipped bytes of every JS file a page loads: its entry chunk and all chunks it imports statically. */
function pageJavaScriptBytes(manifest: Record<string, ManifestChunk>, entry: string): number {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  return [...seen].reduce(
    (total, key) => total + gzipSync(readFileSync(join(app, 'dist', manifest[key]!.file))).length,
    0,
  );
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  app = mkdtempSync(join(tmpdir(), 'ui-kit-consumer-'));
  execFileSync('pnpm', ['pack', '--pack-destination', app], {
    cwd: join(repo, 'ui-kit'),
    stdio: 'pipe',
  });
  const tarball = readdirSync(app).find((file) => file.endsWith('.tgz'));
  expect(tarball, 'pnpm pack wrote a tarball').toBeTruthy();

  write(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'ui-kit-consumer',
      private: true,
      type: 'module',
      dependencies: {
        '@partner-portal/ui-kit': `file:./${tarball}`,
        react: portalManifest.dependencies.react,
        'react-dom': portalManifest.dependencies['react-dom'],
      },
      devDependencies: {
        vite: portalManifest.devDependencies.vite,
        '@vitejs/plugin-react': portalManifest.devDependencies['@vitejs/plugin-react'],
        typescript: portalManifest.devDependencies.typescript,
        '@types/react': portalManifest.devDependencies['@types/react'],
        '@types/react-dom': portalManifest.devDependencies['@types/react-dom'],
      },
    }),
  );
  write(
    join(app, 'vite.config.js'),
    `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
export default defineConfig({
  plugins: [react()],
  build: { manifest: true, rollupOptions: { input: { baseline: 'baseline.html', button: 'button.html' } } },
});
`,
  );
  for (const page of ['baseline', 'button']) {
    write(
      join(app, `${page}.html`),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${page}</title></head>` +
        `<body><div id="root"></div><script type="module" src="/src/${page}.jsx"></script></body></html>`,
    );
  }
  write(
    join(app, 'src/baseline.jsx'),
    `import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')).render(<button type="button">Plain button</button>);
`,
  );
  write(
    join(app, 'src/button.jsx'),
    `import { Button } from '@partner-portal/ui-kit';
import '@partner-portal/ui-kit/styles.css';
import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')).render(
  <>
    <Button variant="primary">Hello from outside</Button>
    <button type="button">Native button</button>
  </>,
);
`,
  );
  // The published types: a correct use compiles, a wrong prop value does not.
  write(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        jsx: 'react-jsx',
        module: 'esnext',
        moduleResolution: 'bundler',
        target: 'es2022',
        lib: ['es2022', 'dom'],
        skipLibCheck: false,
      },
      include: ['src/typed.tsx'],
    }),
  );
  write(
    join(app, 'src/typed.tsx'),
    `import { Button, type ButtonProps } from '@partner-portal/ui-kit';
const props: ButtonProps = { variant: 'secondary', size: 'sm' };
export const ok = <Button {...props} loading>Save</Button>;
// @ts-expect-error: 'sparkly' is not a Button variant
export const wrong = <Button variant="sparkly">Save</Button>;
`,
  );
  // Outside the workspace: pnpm resolves from its store (offline when it can), as any app would.
  execFileSync(
    'pnpm',
    ['install', '--prefer-offline', '--ignore-workspace', '--config.confirmModulesPurge=false'],
    {
      cwd: app,
      stdio: 'pipe',
      env: { ...process.env, CI: 'true' },
    },
  );
  execFileSync(join(app, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: app,
    stdio: 'pipe',
  });
});

test.afterAll(() => {
  preview?.kill();
  if (app) rmSync(app, { recursive: true, force: true });
});

test("the package's one stylesheet stays under 40 KB gzip", () => {
  const installed = join(app, 'node_modules/@partner-portal/ui-kit/dist/styles.css');
  const bytes = gzipSync(readFileSync(installed)).length;
  console.log(`ui-kit styles.css: ${(bytes / 1024).toFixed(1)} KB gzip (budget 40 KB)`);
  expect(bytes).toBeLessThan(40 * 1024);
});

test('the package ships types that an outside TypeScript app compiles against', () => {
  run(join(app, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json']);
});

test('a page using only Button costs under 15 KB gzip of JavaScript beyond React', () => {
  const manifest = JSON.parse(
    readFileSync(join(app, 'dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const baseline = pageJavaScriptBytes(manifest, 'baseline.html');
  const withButton = pageJavaScriptBytes(manifest, 'button.html');
  const extra = withButton - baseline;
  console.log(
    `outside consumer: React alone ${(baseline / 1024).toFixed(1)} KB gzip, with ui-kit Button ` +
      `${(withButton / 1024).toFixed(1)} KB gzip: ui-kit adds ${(extra / 1024).toFixed(1)} KB (budget 15 KB)`,
  );
  expect(extra).toBeLessThan(budgetBytes);
  // Tree-shaking: nothing of the charting library reaches a page that draws no chart.
  const built = readdirSync(join(app, 'dist/assets')).filter((file) => file.endsWith('.js'));
  for (const file of built) {
    expect(readFileSync(join(app, 'dist/assets', file), 'utf8')).not.toMatch(/recharts/i);
  }
});

test('the installed component renders with its styles in Chromium', async ({ page }) => {
  preview = spawn(
    join(app, 'node_modules/.bin/vite'),
    ['preview', '--port', String(port), '--strictPort'],
    {
      cwd: app,
      stdio: 'ignore',
    },
  );
  await expect
    .poll(
      () =>
        fetch(`http://localhost:${port}/button.html`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 20_000 },
    )
    .toBe(200);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`http://localhost:${port}/button.html`);
  const button = page.getByRole('button', { name: 'Hello from outside' });
  await expect(button).toBeVisible();
  const native = page.getByRole('button', { name: 'Native button' });
  const background = (locator: typeof button) =>
    locator.evaluate((element) => getComputedStyle(element).backgroundColor);
  // styles.css is applied: ui-kit's primary button does not look like the browser's default one.
  expect(await background(button)).not.toBe(await background(native));
  await button.click();
  expect(errors).toEqual([]);
});
