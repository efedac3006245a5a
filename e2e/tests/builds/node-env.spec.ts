import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repo } from '../../support/bff-process';

// A build must not depend on the shell it runs in: with NODE_ENV=development
// exported, as it is in many a developer's shell, Vite and the React plugin otherwise emit jsxDEV calls
// and bundle React's development build. An outside app installing such a ui-kit fails at once with
// "jsxDEV is not a function"; a portal built so ships React's slow, verbose development code.
//
// Each package's own build step (the `vite build` of its `build` script, with whatever it sets) runs
// with NODE_ENV=development into a throwaway folder, so the builds the other suites use stay untouched.

/** Text found only in development output: React 19's dev builds and the dev JSX runtime. */
const developmentMarkers = [
  { text: 'jsx-dev-runtime', means: "imports React's development JSX runtime" },
  { text: 'jsxDEV', means: 'calls jsxDEV (development JSX)' },
  { text: 'react-stack-top-frame', means: "bundles React's development build" },
  { text: 'cannot be a child of <%s>', means: "bundles React DOM's development build" },
];

/** The `vite build` step of a package's build script (its other steps, e.g. tsc, emit no JavaScript). */
function viteBuildStep(pkg: string): string {
  const manifest = JSON.parse(readFileSync(join(repo, pkg, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const step = manifest.scripts.build
    ?.split('&&')
    .map((part) => part.trim())
    .find((part) => /(^|\s)vite build\b/.test(part));
  if (!step) throw new Error(`${pkg}'s build script has no "vite build" step`);
  return step;
}

function javaScriptFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.[cm]?js$/.test(file))
    .map((file) => join(dir, file));
}

for (const pkg of ['ui-kit', 'portal']) {
  test(`${pkg}: a build with NODE_ENV=development in the environment is a production build`, () => {
    test.setTimeout(120_000);
    const outDir = mkdtempSync(join(tmpdir(), `node-env-${pkg}-`));
    try {
      const step = viteBuildStep(pkg);
      const cwd = join(repo, pkg);
      try {
        execFileSync('sh', ['-c', `${step} --outDir "${outDir}" --emptyOutDir --logLevel error`], {
          cwd,
          stdio: 'pipe',
          env: {
            ...process.env,
            NODE_ENV: 'development',
            PATH: [join(cwd, 'node_modules/.bin'), process.env.PATH].join(delimiter),
          },
        });
      } catch (error) {
        const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
        throw new Error(`${step} failed:\n${stdout ?? ''}${stderr ?? ''}`, { cause: error });
      }

      const files = javaScriptFiles(outDir);
      expect(files.length, `${step} wrote JavaScript`).toBeGreaterThan(0);
      const sources = files.map((file) => ({
        file: file.slice(outDir.length + 1),
        source: readFileSync(file, 'utf8'),
      }));
      const found = developmentMarkers.flatMap(({ text, means }) => {
        const hits = sources.filter(({ source }) => source.includes(text)).map(({ file }) => file);
        return hits.length ? [`${means} ("${text}"): ${hits.length} files, e.g. ${hits[0]}`] : [];
      });
      expect(found, `development code in ${pkg}'s build`).toEqual([]);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
}
