import assert from 'node:assert/strict';
import { test } from 'node:test';
import { progressLine } from './start.mjs';

test("one progress line per build step of turbo's output, and none for the rest", () => {
  assert.equal(
    progressLine('@partner-portal/ui-kit:build: cache miss, executing b16217f137baff76'),
    '  building the component library (ui-kit)…',
  );
  assert.equal(
    progressLine('@partner-portal/bff:build: cache hit, suppressing logs 27d45e7b88b732d1'),
    '  the BFF (bff): unchanged, from the cache',
  );
  // Coloured, as turbo writes it to a terminal or under FORCE_COLOR.
  assert.equal(
    progressLine('\u001b[35m@partner-portal/portal:build: \u001b[0mcache miss, executing 1a2b'),
    '  building the portal (portal)…',
  );
  assert.equal(progressLine('@partner-portal/ui-kit:build: ✓ 189 modules transformed.'), undefined);
  assert.equal(
    progressLine('   • Remote caching disabled, using shared worktree cache'),
    undefined,
  );
});
