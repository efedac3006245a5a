// `pnpm test` (bff): every jest suite, in two processes started together (docs/operations.md, What
// CI's time goes to). The suites of test/realtime/ spend most of their time waiting on real time (a
// PostgreSQL cluster stopped, frozen and restarted; instances rolled behind HAProxy; a cron minute):
// in the one jest run they held one of its two workers for minutes while it waited. Here they run one
// at a time beside the others, which keep both workers. Exits 1 when either run fails.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const jest = createRequire(import.meta.url).resolve('jest/bin/jest');

/** The two runs: every suite but the waiting ones on jest's workers; the waiting ones, in turn. */
const runs = [['--testPathIgnorePatterns=/test/realtime/'], ['--maxWorkers=1', 'test/realtime']];

const codes = await Promise.all(
  runs.map(
    (args) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [jest, ...args], {
          stdio: 'inherit',
          env: { ...process.env, NODE_OPTIONS: '--experimental-vm-modules' },
        });
        child.on('error', () => resolve(1));
        child.on('exit', (code) => resolve(code ?? 1));
      }),
  ),
);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
