import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cssModules } from './css-modules.config.ts';

interface PackageJson {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const pkg = JSON.parse(
  readFileSync(fileURLToPath(new URL('./package.json', import.meta.url)), 'utf8'),
) as PackageJson;

// Every runtime and peer dependency stays an import: the consuming app bundles (and dedupes) them.
const externalPackages = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.peerDependencies ?? {}),
];
const external = (id: string): boolean =>
  externalPackages.some((name) => id === name || id.startsWith(`${name}/`));

export default defineConfig({
  plugins: [react()],
  // A library's dist/ is always a production build: Vite and @vitejs/plugin-react otherwise follow
  // NODE_ENV from the shell, and NODE_ENV=development would emit `jsxDEV` calls from
  // react/jsx-dev-runtime (and source file paths) that an outside production app cannot run.
  // `mode` alone does not override a NODE_ENV already set, so the JSX transform is pinned too.
  mode: 'production',
  oxc: { jsx: { development: false } },
  css: { modules: cssModules },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps: they would point into src/, which the package does not ship; the modules are
    // unminified, one per source file, and readable as they are.
    sourcemap: false,
    minify: false,
    cssCodeSplit: false,
    lib: {
      entry: {
        // First, so the tokens lead dist/styles.css; see src/tokens/stylesheet.ts.
        'tokens/stylesheet': fileURLToPath(new URL('./src/tokens/stylesheet.ts', import.meta.url)),
        index: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
        // Charts are a separate entry so that apps drawing none never bundle Recharts.
        'charts/index': fileURLToPath(new URL('./src/charts/index.ts', import.meta.url)),
      },
      formats: ['es'],
      cssFileName: 'styles',
    },
    rolldownOptions: {
      external,
      output: {
        // One output file per source module: an app importing only Button bundles only Button.
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
      },
    },
  },
});
