import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, type Alias, type Plugin, type ProxyOptions } from 'vite';
import { compression } from 'vite-plugin-compression2';

import { allPagePreloads } from './src/app/page-preloads';

// In development the BFF runs on :3000; the portal's dev server forwards /api to it so that cookies
// stay same-origin, exactly as they are in production where the BFF serves this build.
const bffOrigin = process.env.BFF_ORIGIN ?? 'http://localhost:3000';

/**
 * The BFF refuses a change (POST, PUT, PATCH, DELETE) whose `Origin` is not its own (403 `csrf`,
 * docs/api.md). Through the dev server the browser's Origin is the dev server's: the proxy presents
 * the BFF's origin instead, but only for a page of the dev server itself (Origin = the Host it
 * asked), so a foreign page is still refused.
 */
const presentBffOrigin: ProxyOptions['configure'] = (proxy) => {
  proxy.on('proxyReq', (proxyRequest, request) => {
    const origin = request.headers.origin;
    const host = request.headers.host;
    if (origin === undefined || host === undefined) return;
    if (origin === `http://${host}` || origin === `https://${host}`) {
      proxyRequest.setHeader('Origin', bffOrigin);
    }
  });
};

/**
 * The BFF's Content-Security-Policy allows scripts from 'self' only (no 'unsafe-inline'), so an
 * inline script in the built index.html would be blocked in the browser: fail the build instead.
 */
function forbidInlineScripts(): Plugin {
  const inlineScript = /<script\b(?![^>]*\bsrc\s*=)[^>]*>/i;
  return {
    name: 'portal:forbid-inline-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const found = inlineScript.exec(html);
        if (found) {
          throw new Error(`index.html has an inline script, which the CSP blocks: ${found[0]}`);
        }
        return html;
      },
    },
  };
}

const require = createRequire(import.meta.url);

/**
 * react-router's package exports only its development build (`dist/development`, which warns about
 * misuse at run time); the same package ships the production build beside it (`dist/production`,
 * the same code with the warnings compiled out), which no export condition selects. A build takes
 * that one: `react-router` and `react-router/dom`, as react-router-dom imports them.
 */
function reactRouterProduction(): Alias[] {
  const root = path.dirname(
    require.resolve('react-router/package.json', {
      paths: [path.dirname(require.resolve('react-router-dom/package.json'))],
    }),
  );
  return [
    { find: /^react-router$/, replacement: path.join(root, 'dist/production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(root, 'dist/production/dom-export.mjs') },
  ];
}

/** One chunk of Vite's build manifest (`.vite/manifest.json`, Vite's guide "Backend Integration"). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** Where the BFF reads the page preloads; a dot-folder, which it never serves. */
const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

/**
 * Writes `.vite/page-preloads.json`: for each page of `src/app/page-preloads.ts`, the chunks and
 * styles of its route modules (with everything they import) that the entry does not load already,
 * and its API requests, for the BFF to name in the app shell it serves for that page. A module that
 * is not in the build fails it: a preload must not go quietly missing when a route moves.
 */
function pagePreloadTable(): Plugin {
  let outDir = '';
  let base = '/';
  return {
    name: 'portal:page-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    writeBundle() {
      const manifest = JSON.parse(
        readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
      ) as Record<string, ManifestChunk>;
      const collect = (key: string, files: Set<string>, seen = new Set<string>()) => {
        const chunk = manifest[key];
        if (!chunk) throw new Error(`page preloads: ${key} is not in the build`);
        if (seen.has(key)) return;
        seen.add(key);
        files.add(chunk.file);
        for (const css of chunk.css ?? []) files.add(css);
        for (const imported of chunk.imports ?? []) collect(imported, files, seen);
      };
      const loadedByEntry = new Set<string>();
      collect('index.html', loadedByEntry);
      const pages = allPagePreloads.map((page) => {
        const files = new Set<string>();
        for (const module of page.modules) collect(module, files);
        const extra = [...files].filter((file) => !loadedByEntry.has(file));
        return {
          path: page.path,
          modules: extra.filter((file) => file.endsWith('.js')).map((file) => base + file),
          stylesheets: extra.filter((file) => file.endsWith('.css')).map((file) => base + file),
          requests: page.requests,
          requestsWithoutQuery: page.requestsWithoutQuery ?? [],
        };
      });
      const target = path.join(outDir, PAGE_PRELOADS_FILE);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, `${JSON.stringify({ pages }, null, 2)}\n`);
    },
  };
}

export default defineConfig(({ command }) => {
  if (command === 'build') {
    // A build is a production build whatever the shell says: Vite picks the JSX runtime (`jsx`, not
    // `jsxDEV`) and the value of `process.env.NODE_ENV` in the bundle (React's production build)
    // from NODE_ENV, which it reads after loading this file. `mode` and `define` pin the rest.
    process.env.NODE_ENV = 'production';
  }
  return {
    mode: command === 'build' ? 'production' : undefined,
    define:
      command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
    plugins: [
      react(),
      forbidInlineScripts(),
      pagePreloadTable(),
      // Beside every asset worth it, its brotli and gzip forms: the BFF sends the one the browser
      // accepts (Content-Encoding, Vary: Accept-Encoding) without compressing per request.
      compression({
        algorithms: ['brotliCompress', 'gzip'],
        include: /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/,
        threshold: 1024,
        skipIfLargerOrEqual: true,
      }),
    ],
    resolve: {
      alias: [
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
        ...(command === 'build' ? reactRouterProduction() : []),
      ],
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target: bffOrigin, changeOrigin: true, configure: presentBffOrigin },
      },
    },
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      // The chunks of each route module, for the page preloads (pagePreloadTable above).
      manifest: true,
      sourcemap: true,
      // Every browser the portal supports knows <link rel="modulepreload">.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                // What every page runs, in one chunk that changes only when a dependency does: it
                // stays cached across releases and compresses better whole than in pieces.
                name: 'framework',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/][^\\/]+|openapi-fetch)[\\/]/,
              },
              {
                // What every page runs besides the framework, in one chunk: the Radix pieces and
                // floating-layer machinery of toasts, tooltips, menus and dialogs, the amounts,
                // dates, statuses, loading and error states and fields nearly every screen shows,
                // the portal's formats, the API client, the session, the paths and Vite's preload
                // helper. Left to the automatic splitting they fall in pieces by which screens share
                // each, and a page pays a request for every piece: over HTTP/1.1 a browser sends six
                // at a time, so the first load waits a round trip for each further six
                // (docs/performance.md, Lighthouse). Whole, every page's total is smaller too (the
                // budgets of check:bundle).
                name: 'app',
                test: /(node_modules[\\/](@floating-ui|@radix-ui[\\/](react-roving-focus|react-direction|react-use-is-hydrated|react-collection|react-focus-guards|react-presence|react-use-size|react-arrow|react-dismissable-layer|react-focus-scope|react-popper|react-portal)|aria-hidden)[\\/])|(ui-kit[\\/]dist[\\/](ProgressBar|Skeleton|DateTime|ErrorState|Money|StatusPill|Breadcrumbs|DescriptionList|Stack|LinkButton|DatePicker|Link|EmptyState|Badge|Select)[\\/])|(ui-kit[\\/]dist[\\/]internal[\\/](number|useCssVariables))|(portal[\\/]src[\\/](lib[\\/](format|api-client|api-errors|use-partner-slug|auth[\\/])|config[\\/]paths))|vite[\\/]preload-helper/,
              },
              {
                // What every list of claims shows (the columns, the status pill, the labels): one
                // chunk for the claims list, the claim page, the item page and the staff's queue.
                name: 'claim-lists',
                test: /portal[\\/]src[\\/]lib[\\/](claim-columns|claim-labels|claim-status)/,
              },
              {
                // The partner shell's menus (the user menu, the partner switcher): every partner
                // page loads them, in one chunk rather than a few.
                name: 'menus',
                test: /(node_modules[\\/](@radix-ui[\\/](react-dropdown-menu|react-menu)|get-nonce|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|tslib|use-callback-ref|use-sidecar)[\\/])|(ui-kit[\\/]dist[\\/]DropdownMenu[\\/])|(portal[\\/]src[\\/]features[\\/]partners[\\/]components[\\/](user-menu|initials))/,
              },
            ],
          },
        },
      },
    },
  };
});
