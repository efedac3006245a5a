// The lint rule that keeps features apart (root eslint.config.js) fires: run with `node --test`.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import { ESLint } from 'eslint';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

/** The messages of no-restricted-imports for `code` as if it were the file at `filePath`. */
async function boundaryErrors(filePath, code) {
  const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, { filePath });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports');
}

const cases = [
  [
    'a feature importing another through @/',
    'portal/src/features/auth/routes/x.tsx',
    "import { value } from '@/features/partners/sections';",
    1,
  ],
  [
    'a feature importing the app',
    'portal/src/features/claims/routes/x.tsx',
    "import { value } from '@/app/router';",
    1,
  ],
  [
    'a relative import climbing into another feature',
    'portal/src/features/auth/routes/x.tsx',
    "import { value } from '../../partners/sections';",
    1,
  ],
  [
    'a relative import from a feature root',
    'portal/src/features/partners/x.ts',
    "import { value } from '../auth/api/sign-in';",
    1,
  ],
  [
    'lib importing a feature',
    'portal/src/lib/x.ts',
    "import { value } from '@/features/auth/api/sign-in';",
    1,
  ],
  [
    'config importing the app',
    'portal/src/config/x.ts',
    "import { value } from '../app/router';",
    1,
  ],
  [
    'a feature importing itself through @/',
    'portal/src/features/auth/routes/x.tsx',
    "import { value } from '@/features/auth/api/sign-in';",
    0,
  ],
  [
    'a feature importing its own folder',
    'portal/src/features/auth/routes/x.tsx',
    "import { value } from '../api/sign-in';",
    0,
  ],
  [
    'a feature importing lib',
    'portal/src/features/auth/routes/x.tsx',
    "import { value } from '@/lib/api-errors';",
    0,
  ],
  [
    'a feature named like the start of another',
    'portal/src/features/claims/routes/x.tsx',
    "import { value } from '@/features/claims-archive/x';",
    1,
  ],
  [
    'the app importing a feature',
    'portal/src/app/x.tsx',
    "import { value } from '@/features/auth/routes/sign-in';",
    0,
  ],
];

for (const [name, filePath, code, expected] of cases) {
  test(`${expected ? 'refuses' : 'allows'} ${name}`, async () => {
    const errors = await boundaryErrors(filePath, code);
    assert.equal(errors.length, expected, JSON.stringify(errors));
  });
}
