// Releases @partner-portal/ui-kit to the registry of the npm configuration (README.md, "Releasing"):
//
//   node scripts/release.mjs           changeset version, then changeset publish (`pnpm release`)
//   node scripts/release.mjs publish   changeset publish alone: whatever version is not yet on the registry
//   node scripts/release.mjs canary    0.0.0-canary-<commit> under the dist-tag `canary`, from any commit;
//                                      the working tree is left as it was
//
// Further arguments go to `changeset publish` (e.g. --no-git-tag). The registry is the npm
// configuration's `@partner-portal:registry`, else its `registry`; the public npm registry is refused
// (the package is internal). `changeset publish` runs `pnpm publish`, whose `prepack` builds dist/.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const [mode = 'release', ...publishArgs] = process.argv.slice(2);
if (!['release', 'publish', 'canary'].includes(mode)) {
  console.error(`release: unknown mode "${mode}" (release, publish or canary)`);
  process.exit(2);
}

function npmConfig(key) {
  const value = execFileSync('npm', ['config', 'get', key], { cwd: repo, encoding: 'utf8' }).trim();
  return value && value !== 'undefined' && value !== 'null' ? value : '';
}

const registry = npmConfig('@partner-portal:registry') || npmConfig('registry');
if (!registry || /^https?:\/\/registry\.(npmjs\.org|yarnpkg\.com)\/?$/.test(registry)) {
  console.error(
    `release: the registry is "${registry || 'unset'}": set @partner-portal:registry (or registry) in the ` +
      'npm configuration to the internal registry; ui-kit is never published to the public registry',
  );
  process.exit(1);
}
console.log(`release: ${mode} to ${registry}`);

// changesets reads the registry from these variables, pnpm publish from either.
const env = {
  ...process.env,
  npm_config_registry: registry,
  'npm_config_@partner-portal:registry': registry,
};

function changeset(args) {
  const result = spawnSync(join(repo, 'ui-kit/node_modules/.bin/changeset'), args, {
    cwd: repo,
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) throw new Error(`changeset ${args.join(' ')} failed (${result.status})`);
}

/** The files `changeset version` may write or delete, as they are now. */
function snapshotFiles() {
  const paths = [
    'ui-kit/package.json',
    'ui-kit/CHANGELOG.md',
    ...readdirSync(join(repo, '.changeset'))
      .filter((file) => file.endsWith('.md') && file !== 'README.md')
      .map((file) => `.changeset/${file}`),
  ];
  return new Map(paths.map((path) => [path, readFileSync(join(repo, path), 'utf8')]));
}

function restoreFiles(saved) {
  for (const file of readdirSync(join(repo, '.changeset'))) {
    const path = `.changeset/${file}`;
    if (file.endsWith('.md') && file !== 'README.md' && !saved.has(path)) rmSync(join(repo, path));
  }
  for (const [path, content] of saved) writeFileSync(join(repo, path), content);
}

try {
  if (mode === 'release') {
    changeset(['version']);
    changeset(['publish', ...publishArgs]);
  } else if (mode === 'publish') {
    changeset(['publish', ...publishArgs]);
  } else {
    const saved = snapshotFiles();
    try {
      // A snapshot needs a changeset: a commit without one still gets its canary, as a patch.
      const temporary = join(repo, '.changeset/canary-release.md');
      if (!existsSync(temporary)) {
        writeFileSync(
          temporary,
          "---\n'@partner-portal/ui-kit': patch\n---\n\nCanary build of this commit.\n",
        );
      }
      changeset(['version', '--snapshot', 'canary']);
      const { version } = JSON.parse(readFileSync(join(repo, 'ui-kit/package.json'), 'utf8'));
      console.log(`release: canary version ${version}`);
      changeset(['publish', '--tag', 'canary', '--no-git-tag', ...publishArgs]);
    } finally {
      restoreFiles(saved);
    }
  }
} catch (error) {
  console.error(`release: ${error.message}`);
  process.exit(1);
}
