// The lint rule that keeps features apart (root eslint.config.js) fires: run with `node --test`.
import { testBoundaries } from '../../scripts/import-boundaries.mjs';

testBoundaries([
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
]);
