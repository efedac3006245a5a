// The harness of the import-boundary rules' tests (bff/ and portal/ scripts/import-boundaries.test.mjs):
// each case lints a line of code as if it were a file of the repository and counts the boundary errors.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import { ESLint } from 'eslint';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * One `node --test` test per case `[name, filePath, code, expectedErrors]`: the messages of
 * no-restricted-imports for `code` linted as the file at `filePath` (relative to the repository) under
 * the root eslint.config.js.
 */
export function testBoundaries(cases) {
  // The cases are virtual files, which typed linting (the portal's no-deprecated) cannot type: off.
  const eslint = new ESLint({
    cwd: repoRoot,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-deprecated': 'off' },
    },
  });
  for (const [name, filePath, code, expected] of cases) {
    test(`${expected ? 'refuses' : 'allows'} ${name}`, async () => {
      const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, { filePath });
      const errors = result.messages.filter(
        (message) => message.ruleId === 'no-restricted-imports',
      );
      assert.equal(errors.length, expected, JSON.stringify(errors));
    });
  }
}
