// `pnpm test:visual [--update] [playwright arguments]`: the visual test of every story
// (ui-kit/README.md, "Visual test"). `--update` rewrites the baselines that differ or are missing.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const update = args.includes('--update');
const result = spawnSync(
  'playwright',
  ['test', '-c', 'playwright.visual.config.ts', ...args.filter((arg) => arg !== '--update')],
  { stdio: 'inherit', env: { ...process.env, ...(update ? { VISUAL_UPDATE: '1' } : {}) } },
);
process.exit(result.status ?? 1);
