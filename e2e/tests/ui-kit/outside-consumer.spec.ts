import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

// ui-kit as another internal app meets it (ui-kit/README.md, "Releasing"): the release script publishes
// it to a registry of the test's own (Verdaccio, e2e/scripts/local-registry.mjs), and a Vite + React app
// outside the workspace installs `@partner-portal/ui-kit@^<major.minor>` from that registry with plain
// npm, builds and renders it. Its pages: a plain <button> (React alone) and ui-kit's Button alone (the
// difference is what ui-kit costs an app using only Button), Button + DataTable + Dialog on the tokens,
// and the tokens alone (tokens.css, tokens.json and the typed `./tokens` entry).
const repo = resolve(import.meta.dirname, '../../..');
const portalManifest = JSON.parse(readFileSync(join(repo, 'portal/package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const kitVersion = (
  JSON.parse(readFileSync(join(repo, 'ui-kit/package.json'), 'utf8')) as { version: string }
).version;
const kitRange = `^${kitVersion.split('.').slice(0, 2).join('.')}`;
/** docs/performance.md, "ui-kit's package": the published tarball, gzip as the registry stores it. */
const tarballBudgetBytes = 160 * 1024;
const buttonBudgetBytes = 15 * 1024;
const port = 4173 + (process.pid % 500);

let work = '';
let app = '';
let registryURL = '';
let registry: ChildProcess | undefined;
let preview: ChildProcess | undefined;
let tarballFiles: string[] = [];
let tarballBytes = 0;
let tarballURL = '';
let tarballIntegrity = '';

/** Runs a command; a failure carries the command's own output. */
function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  try {
    return execFileSync(command, args, { ...options, stdio: 'pipe', encoding: 'utf8' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`, {
      cause: error,
    });
  }
}

const started = Date.now();
/** One line per step of the set-up, so that a slow run says where its time went. */
function step(what: string) {
  console.log(`outside consumer: ${what} at ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function write(path: string, content: string) {
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, content);
}

/** Starts the local registry and resolves with the URL it prints once it listens. */
function startRegistry(dir: string): Promise<string> {
  registry = spawn(process.execPath, [join(repo, 'e2e/scripts/local-registry.mjs'), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: registry.stdout! });
  return new Promise((resolveURL, reject) => {
    registry!.once('exit', (code) => reject(new Error(`the local registry exited (${code})`)));
    lines.once('line', resolveURL);
  });
}

type ManifestChunk = { file: string; imports?: string[] };

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

const pages: Record<string, string> = {
  baseline: `import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')).render(<button type="button">Plain button</button>);
`,
  button: `import { Button } from '@partner-portal/ui-kit';
import '@partner-portal/ui-kit/styles.css';
import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')).render(<Button variant="primary">Hello from outside</Button>);
`,
  showcase: `import '@partner-portal/ui-kit/tokens.css';
import '@partner-portal/ui-kit/styles.css';
import { Button, DataTable, Dialog } from '@partner-portal/ui-kit';
import { createRoot } from 'react-dom/client';
const rows = [
  { id: 'CLM-1', status: 'Submitted', amount: '120.00 EUR' },
  { id: 'CLM-2', status: 'Approved', amount: '80.50 EUR' },
];
createRoot(document.getElementById('root')).render(
  <>
    <Button variant="primary">Hello from outside</Button>
    <button type="button">Native button</button>
    <DataTable
      caption="Claims"
      columns={[
        { id: 'id', header: 'Claim', cell: (row) => row.id, rowHeader: true },
        { id: 'status', header: 'Status', cell: (row) => row.status },
        { id: 'amount', header: 'Amount', cell: (row) => row.amount, align: 'end' },
      ]}
      rows={rows}
      getRowId={(row) => row.id}
    />
    <Dialog title="Outside dialog" trigger={<Button>Open dialog</Button>}>
      Rendered from the registry.
    </Dialog>
  </>,
);
`,
  tokens: `import '@partner-portal/ui-kit/tokens.css';
import { cssVariable, tokens } from '@partner-portal/ui-kit/tokens';
import json from '@partner-portal/ui-kit/tokens.json';
window.uiKitTokens = { json, js: tokens, variables: [] };
for (const [group, values] of Object.entries(json)) {
  for (const [set, inner] of Object.entries(values)) {
    if (typeof inner === 'string') window.uiKitTokens.variables.push({ theme: 'light', name: cssVariable(group, set), value: inner });
    else for (const [key, value] of Object.entries(inner)) {
      if (set === 'light' || set === 'dark') window.uiKitTokens.variables.push({ theme: set, name: cssVariable(group, key), value });
    }
  }
}
`,
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  work = mkdtempSync(join(tmpdir(), 'ui-kit-consumer-'));
  app = join(work, 'app');
  registryURL = await startRegistry(join(work, 'registry'));
  step('registry up');
  const host = registryURL.replace(/^https?:/, '');

  // Publish as a release does: the release script's publish step, to the registry of the npm
  // configuration (a user config of the test's own), with its prepack build.
  write(join(work, 'npmrc'), `@partner-portal:registry=${registryURL}\n${host}:_authToken=test\n`);
  run(process.execPath, [join(repo, 'ui-kit/scripts/release.mjs'), 'publish', '--no-git-tag'], {
    cwd: join(repo, 'ui-kit'),
    env: { ...process.env, npm_config_userconfig: join(work, 'npmrc') },
  });
  step(`published ${kitVersion} (prepack build included)`);
  const packument = (await (await fetch(`${registryURL}@partner-portal%2fui-kit`)).json()) as {
    versions: Record<string, { dist: { tarball: string; integrity: string } }>;
  };
  ({ tarball: tarballURL, integrity: tarballIntegrity } = packument.versions[kitVersion]!.dist);
  const tarball = Buffer.from(await (await fetch(tarballURL)).arrayBuffer());
  tarballBytes = tarball.length;
  writeFileSync(join(work, 'ui-kit.tgz'), tarball);
  tarballFiles = run('tar', ['-tzf', join(work, 'ui-kit.tgz')], { cwd: work })
    .split('\n')
    .filter(Boolean)
    .map((file) => file.replace(/^package\//, ''));

  write(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'ui-kit-consumer',
      private: true,
      type: 'module',
      dependencies: {
        '@partner-portal/ui-kit': kitRange,
        react: portalManifest.dependencies.react,
        'react-dom': portalManifest.dependencies['react-dom'],
      },
      devDependencies: {
        vite: portalManifest.devDependencies.vite,
        '@vitejs/plugin-react': portalManifest.devDependencies['@vitejs/plugin-react'],
        '@types/react': portalManifest.devDependencies['@types/react'],
        '@types/react-dom': portalManifest.devDependencies['@types/react-dom'],
      },
    }),
  );
  // As another internal app is set up: its scope from the internal registry, the rest as usual.
  write(join(app, '.npmrc'), `@partner-portal:registry=${registryURL}\n`);
  write(
    join(app, 'vite.config.js'),
    `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
export default defineConfig({
  plugins: [react()],
  build: { manifest: true, rollupOptions: { input: ${JSON.stringify(
    Object.fromEntries(Object.keys(pages).map((page) => [page, `${page}.html`])),
  )} } },
});
`,
  );
  for (const [page, source] of Object.entries(pages)) {
    write(
      join(app, `${page}.html`),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${page}</title></head>` +
        `<body><div id="root"></div><script type="module" src="/src/${page}.jsx"></script></body></html>`,
    );
    write(join(app, `src/${page}.jsx`), source);
  }
  // The published types: a correct use compiles, a wrong prop value or token does not.
  write(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        jsx: 'react-jsx',
        module: 'esnext',
        moduleResolution: 'bundler',
        resolveJsonModule: true,
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
import { cssVariable, tokens } from '@partner-portal/ui-kit/tokens';
import json from '@partner-portal/ui-kit/tokens.json';
const props: ButtonProps = { variant: 'secondary', size: 'sm' };
export const ok = <Button {...props} loading>Save</Button>;
// @ts-expect-error: 'sparkly' is not a Button variant
export const wrong = <Button variant="sparkly">Save</Button>;
export const accent: string = tokens.color.dark['accent-emphasis'];
export const space: string = json.space['4'];
export const variable: \`--ppui-\${string}\` = cssVariable('color', 'accent-emphasis');
// @ts-expect-error: no such token
export const missing = tokens.color.light['no-such-colour'];
`,
  );
  // The npm cache makes a second run offline; a first run downloads React and Vite once.
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: app,
  });
  step(`installed ${kitRange} with npm`);
  run(join(app, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: app });
  step('built the app');
});

test.afterAll(() => {
  preview?.kill();
  registry?.kill();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the app installed the version just published, from the registry', () => {
  const installed = JSON.parse(
    readFileSync(join(app, 'node_modules/@partner-portal/ui-kit/package.json'), 'utf8'),
  ) as { version: string };
  expect(installed.version).toBe(kitVersion);
  const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version: string; integrity?: string; link?: boolean }>;
  };
  const entry = lock.packages['node_modules/@partner-portal/ui-kit'];
  // Not a tarball on disk nor a workspace link: the tarball the registry serves for that version.
  expect(lstatSync(join(app, 'node_modules/@partner-portal/ui-kit')).isSymbolicLink()).toBe(false);
  expect(entry?.link).toBeUndefined();
  expect(entry?.integrity).toBe(tarballIntegrity);
  expect(tarballURL.startsWith(registryURL)).toBe(true);
});

test('the tarball holds dist/, README and CHANGELOG only: no source maps, tests or stories', () => {
  console.log(
    `ui-kit ${kitVersion} tarball: ${(tarballBytes / 1024).toFixed(1)} KB gzip, ` +
      `${tarballFiles.length} files (budget ${tarballBudgetBytes / 1024} KB, docs/performance.md)`,
  );
  for (const file of ['dist/index.js', 'dist/styles.css', 'dist/tokens.css', 'dist/tokens.json']) {
    expect(tarballFiles).toContain(file);
  }
  const outside = tarballFiles.filter(
    (file) =>
      !file.startsWith('dist/') && !['package.json', 'README.md', 'CHANGELOG.md'].includes(file),
  );
  expect(outside).toEqual([]);
  expect(
    tarballFiles.filter((file) => /\.(stories|test|spec)\.|\.map$|test-utils/.test(file)),
  ).toEqual([]);
  // No JavaScript or CSS names a source map: it would point at src/, which is not in the package.
  const installed = join(app, 'node_modules/@partner-portal/ui-kit');
  const mapped = tarballFiles
    .filter((file) => /\.(js|css)$/.test(file))
    .filter((file) => readFileSync(join(installed, file), 'utf8').includes('sourceMappingURL'));
  expect(mapped).toEqual([]);
  expect(tarballBytes).toBeLessThan(tarballBudgetBytes);
});

test("the package's one stylesheet stays under 40 KB gzip", () => {
  const installed = join(app, 'node_modules/@partner-portal/ui-kit/dist/styles.css');
  const bytes = gzipSync(readFileSync(installed)).length;
  console.log(`ui-kit styles.css: ${(bytes / 1024).toFixed(1)} KB gzip (budget 40 KB)`);
  expect(bytes).toBeLessThan(40 * 1024);
});

test('the package ships types that an outside TypeScript app compiles against', () => {
  run(join(repo, 'e2e/node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: app });
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
  expect(extra).toBeLessThan(buttonBudgetBytes);
  // Tree-shaking: nothing of the charting library reaches a page that draws no chart.
  const built = readdirSync(join(app, 'dist/assets')).filter((file) => file.endsWith('.js'));
  for (const file of built) {
    expect(readFileSync(join(app, 'dist/assets', file), 'utf8')).not.toMatch(/recharts/i);
  }
});

test.describe('in Chromium', () => {
  test.beforeAll(async () => {
    preview = spawn(
      join(app, 'node_modules/.bin/vite'),
      ['preview', '--port', String(port), '--strictPort'],
      { cwd: app, stdio: 'ignore' },
    );
    await expect
      .poll(
        () =>
          fetch(`http://localhost:${port}/showcase.html`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 20_000 },
      )
      .toBe(200);
  });

  test('Button, DataTable and Dialog render on the tokens', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`http://localhost:${port}/showcase.html`);
    const button = page.getByRole('button', { name: 'Hello from outside' });
    await expect(button).toBeVisible();
    const background = (locator: typeof button) =>
      locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    // tokens.css and styles.css applied: the primary button is the accent colour of the theme.
    expect(await background(button)).toBe('rgb(11, 95, 204)'); // --ppui-color-accent-emphasis, light
    expect(await background(button)).not.toBe(
      await background(page.getByRole('button', { name: 'Native button' })),
    );
    await page.evaluate(() => (document.documentElement.dataset['theme'] = 'dark'));
    await expect.poll(() => background(button)).not.toBe('rgb(11, 95, 204)');

    const table = page.getByRole('table', { name: 'Claims' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('rowheader', { name: 'CLM-2' })).toBeVisible();

    await page.getByRole('button', { name: 'Open dialog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Outside dialog' });
    await expect(dialog).toContainText('Rendered from the registry.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('tokens.json, the ./tokens entry and tokens.css hold the same values', async ({ page }) => {
    await page.goto(`http://localhost:${port}/tokens.html`);
    await page.waitForFunction(() => 'uiKitTokens' in window);
    const { json, js, variables } = await page.evaluate(
      () =>
        (
          window as unknown as {
            uiKitTokens: {
              json: unknown;
              js: unknown;
              variables: Array<{ theme: 'light' | 'dark'; name: string; value: string }>;
            };
          }
        ).uiKitTokens,
    );
    expect(js).toEqual(json);
    expect(variables.length).toBeGreaterThan(100);
    // Compared as the browser resolves them (the app's build minifies tokens.css: `.12s` for `120ms`):
    // a probe property set through the custom property against the same property set to the JSON value.
    const differences = await page.evaluate((expected) => {
      const probes: Array<[RegExp, string]> = [
        [/^--ppui-color-/, 'color'],
        [/^--ppui-shadow-/, 'box-shadow'],
        [/^--ppui-duration-/, 'transition-duration'],
        [/^--ppui-easing-/, 'transition-timing-function'],
        [/^--ppui-font-(sans|mono)$/, 'font-family'],
        [/^--ppui-font-size-/, 'font-size'],
        [/^--ppui-font-weight-/, 'font-weight'],
        [/^--ppui-line-height-/, 'line-height'],
        [/^--ppui-z-/, 'z-index'],
        [/^--ppui-/, 'width'],
      ];
      // Fresh probes for each token: a probe that kept an earlier token's transition-duration would
      // report the value it is transitioning from.
      const probe = (property: string, value: string) => {
        const element = document.body.appendChild(document.createElement('div'));
        element.style.position = 'relative';
        element.style.setProperty(property, value);
        return element;
      };
      const found: string[] = [];
      for (const theme of ['light', 'dark']) {
        document.documentElement.dataset['theme'] = theme;
        for (const { name, value } of expected.filter((variable) => variable.theme === theme)) {
          const property = probes.find(([pattern]) => pattern.test(name))![1];
          const throughVariable = probe(property, `var(${name})`);
          const literal = probe(property, value);
          const [actual, wanted] = [throughVariable, literal].map((element) =>
            getComputedStyle(element).getPropertyValue(property),
          );
          if (!literal.style.getPropertyValue(property)) {
            found.push(`${name}: ${value} is no ${property}`);
          } else if (actual !== wanted) {
            found.push(`${theme} ${name}: tokens.css ${actual}, tokens.json ${wanted}`);
          }
          throughVariable.remove();
          literal.remove();
        }
      }
      return found;
    }, variables);
    expect(differences).toEqual([]);
  });
});
