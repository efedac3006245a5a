import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Sequencer from '@jest/test-sequencer';

/** `await import('./auth.e2e-spec.js')`: a spec file that runs another's tests (pgbouncer.e2e-spec). */
const importedSpec = /\bimport\(\s*['"](\.{1,2}\/[^'"]+\.e2e-spec)\.js['"]\s*\)/g;

function bytes(file) {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** A spec file's size, with the sizes of the spec files whose tests it runs again. */
function weight(file) {
  let total = bytes(file);
  for (const [, relative] of readFileSync(file, 'utf8').matchAll(importedSpec)) {
    total += bytes(path.resolve(path.dirname(file), `${relative}.ts`));
  }
  return total;
}

/**
 * Jest's order, except for the files it has no timings of (all of them on a fresh clone: CI): jest runs
 * those biggest first, so that no long file starts last while the other worker has nothing left. By
 * its own size test/pgbouncer.e2e-spec.ts (3 KB) came among the last, though it runs four other spec
 * files again through PgBouncer and is the longest of the run; here a file weighs its size plus
 * theirs (docs/operations.md, What CI's time goes to).
 */
export default class WeightedSequencer extends Sequencer {
  sort(tests) {
    // Jest's order: the files that failed last time, then those without timings, then by time.
    const sorted = super.sort(tests);
    const failed = sorted.filter((test) => this.hasFailed(test));
    const untimed = sorted.filter((test) => !this.hasFailed(test) && test.duration == null);
    const timed = sorted.filter((test) => !this.hasFailed(test) && test.duration != null);
    const weights = new Map(untimed.map((test) => [test.path, weight(test.path)]));
    untimed.sort((a, b) => (weights.get(b.path) ?? 0) - (weights.get(a.path) ?? 0));
    return [...failed, ...untimed, ...timed];
  }
}
