#!/usr/bin/env node
/**
 * `pnpm start`: builds what the portal needs (turbo: ui-kit, bff, portal; cached when nothing changed),
 * saying what it does, then runs the BFF (docs/operations.md, Running it). One line per build step
 * instead of a minute of silence; a failing step's output in full.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What each package's build is, as the progress says it. */
const STEPS = {
  '@partner-portal/ui-kit': 'the component library (ui-kit)',
  '@partner-portal/bff': 'the BFF (bff)',
  '@partner-portal/portal': 'the portal (portal)',
};

/**
 * The progress line for a line of turbo's output (`<package>:build: cache miss, executing <hash>`),
 * or undefined for any other line (a tool's own output, kept for a failure).
 */
export function progressLine(line) {
  // Turbo colours the package's name when the terminal (or FORCE_COLOR) asks for colours.
  const match = /^(\S+):build: cache (miss|hit|bypass)/.exec(stripVTControlCharacters(line));
  if (match === null) return undefined;
  const step = STEPS[match[1]] ?? match[1];
  return match[2] === 'hit' ? `  ${step}: unchanged, from the cache` : `  building ${step}…`;
}

function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

export async function build() {
  const began = performance.now();
  console.log(
    'Building the portal (ui-kit, bff, portal): about a minute the first time, seconds once built.',
  );
  const turbo = spawn(
    'pnpm',
    [
      'exec',
      'turbo',
      'run',
      'build',
      '--filter=@partner-portal/bff',
      '--filter=@partner-portal/portal',
      '--output-logs=new-only',
      '--log-order=stream',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output = [];
  for (const stream of [turbo.stdout, turbo.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      const progress = progressLine(line);
      if (progress !== undefined) console.log(progress);
    });
  }
  const code = await new Promise((resolve) => turbo.on('close', resolve));
  if (code !== 0) {
    console.error(`The build failed (${seconds(began)}); its output:\n${output.join('\n')}`);
    process.exit(code ?? 1);
  }
  console.log(`Built in ${seconds(began)}.`);
}

function run() {
  console.log(
    'Starting the BFF: the embedded PostgreSQL in .data/ (unless DATABASE_URL is set), its migrations, and the demo data at the first start…',
  );
  const bff = spawn(process.execPath, ['dist/main.js'], {
    cwd: path.join(root, 'bff'),
    stdio: 'inherit',
  });
  // Ctrl-C reaches the BFF from the terminal itself; a signal sent to this process alone is passed on.
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => bff.kill(signal));
  bff.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 0)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await build();
  run();
}
