// The portal's typed lint rule @typescript-eslint/no-deprecated (root eslint.config.js) warns on a ui-kit
// prop marked `@deprecated`: run with `node --test`. The fixture gives ui-kit's real Button a prop
// deprecated the way ui-kit deprecates one (ui-kit deprecates none today); each case lints a variant of
// it as that file, which the normal lint run ignores.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import { ESLint } from 'eslint';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
// A real file: the project service types only files on disk that portal/tsconfig.json includes.
const filePath = 'portal/src/__fixtures__/deprecated-prop.tsx';
const fixture = readFileSync(new URL(`../../${filePath}`, import.meta.url), 'utf8');

const eslint = new ESLint({ cwd: repoRoot, ignore: false });
const deprecations = async (code) => {
  const [result] = await eslint.lintText(code, { filePath });
  assert.deepEqual(
    result.messages.filter((message) => message.ruleId !== '@typescript-eslint/no-deprecated'),
    [],
  );
  return result.messages;
};

test('warns on a deprecated ui-kit prop used in the portal', async () => {
  const messages = await deprecations(fixture);
  assert.equal(messages.length, 1, JSON.stringify(messages));
  assert.equal(messages[0].severity, 1);
  assert.match(messages[0].message, /`destructive` is deprecated\. Use `variant="danger"`/);
});

test('does not warn when the deprecated prop is not used', async () => {
  const code = fixture.replace('<NextButton destructive>', '<NextButton variant="danger">');
  assert.notEqual(code, fixture);
  assert.deepEqual(await deprecations(code), []);
});
