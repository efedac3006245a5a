// The lint rule that keeps the BFF's features apart (root eslint.config.js, bffBoundaries) fires:
// run with `node --test`.
import { testBoundaries } from '../../scripts/import-boundaries.mjs';

testBoundaries([
  [
    'a feature importing another feature’s internals through #src/',
    'bff/src/invitations/invitations.service.ts',
    "import { value } from '#src/auth/tokens/access-tokens.js';",
    1,
  ],
  [
    'a feature importing another feature’s internals relatively',
    'bff/src/claims/claims.repository.ts',
    "import { value } from '../inventory/guards/x.js';",
    1,
  ],
  [
    'a nested file importing another feature’s internals through #src/',
    'bff/src/claims/evidence/x.ts',
    "import { value } from '#src/partners/guards/partner-access.guard.js';",
    1,
  ],
  [
    'a feature importing another feature’s controller',
    'bff/src/invitations/invitations.controller.ts',
    "import { value } from '#src/auth/auth.controller.js';",
    1,
  ],
  [
    'a relative import climbing two folders',
    'bff/src/claims/evidence/x.ts',
    "import { value } from '../../common/clock.js';",
    1,
  ],
  [
    'a relative import climbing three folders',
    'bff/src/database/seed/x/y.ts',
    "import { value } from '../../../common/clock.js';",
    1,
  ],
  [
    'common importing a feature',
    'bff/src/common/list/x.ts',
    "import { value } from '#src/auth/session-answer.js';",
    1,
  ],
  [
    'config importing a feature relatively',
    'bff/src/config/x.ts',
    "import { value } from '../auth/cookies.js';",
    1,
  ],
  [
    'a feature importing another feature’s top-level file',
    'bff/src/inventory/inventory.service.ts',
    "import { value } from '#src/claims/claim-lifecycle.js';",
    0,
  ],
  [
    'a feature importing another feature’s dto and decorators',
    'bff/src/claims/evidence/x.ts',
    "import { value } from '#src/partners/decorators/current-partner.decorator.js';\nimport { other } from '#src/inventory/dto/inventory.dto.js';\nexport const also = other;",
    0,
  ],
  [
    'a feature importing its own folders',
    'bff/src/claims/evidence/x.ts',
    "import { value } from '../claim-lifecycle.js';\nimport { other } from '#src/claims/evidence/evidence.store.js';\nexport const also = other;",
    0,
  ],
  [
    'a feature importing common through #src/',
    'bff/src/claims/evidence/x.ts',
    "import { value } from '#src/common/uuid.js';",
    0,
  ],
  [
    'the composition (database/) importing a feature’s internals',
    'bff/src/database/seed/x.ts',
    "import { value } from '#src/claims/evidence/evidence-samples.js';",
    0,
  ],
  [
    'a test climbing into src (the rule is bff/src’s)',
    'bff/test/support/x.ts',
    "import { value } from '../../src/common/clock.js';",
    0,
  ],
]);
