// Builds the static Storybook into storybook-static/. Designers open it on machines with no network,
// so where the system allows it the build itself runs in a network namespace of its own (`unshare -rn`):
// a build that reaches for the network fails here, not in their hands. CI must be able to prove that.
import { spawnSync } from 'node:child_process';

const build = ['storybook', 'build', '--quiet', '--output-dir', 'storybook-static'];
const env = { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' };
const offline = spawnSync('unshare', ['-rn', 'true'], { stdio: 'ignore' }).status === 0;

if (!offline) {
  if (process.env.CI === 'true') {
    console.error(
      'build-storybook: CI must build Storybook without a network, and unshare -rn fails here',
    );
    process.exit(1);
  }
  console.warn('build-storybook: unshare -rn is not allowed here; building with the network on');
}

const [command, args] = offline
  ? ['unshare', ['-rn', 'pnpm', 'exec', ...build]]
  : ['pnpm', ['exec', ...build]];
const result = spawnSync(command, args, { stdio: 'inherit', env });
process.exit(result.status ?? 1);
