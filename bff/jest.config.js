/**
 * Jest in ESM mode (NODE_OPTIONS=--experimental-vm-modules), TypeScript through SWC with decorator
 * metadata. @swc/jest emits ES modules for imported files and CommonJS for required ones.
 */
const swcTypeScript = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
    target: 'es2023',
    keepClassNames: true,
  },
  sourceMaps: 'inline',
};

/**
 * ESM-only packages that CommonJS dependencies require() (Node >= 20.19 does that natively, Jest's
 * module runtime on Node 20 does not): Jest gets them compiled to CommonJS.
 */
const requiredEsmPackages = ['content-disposition', 'cookie', 'file-type'];

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  // Relative imports name the .js they compile to; `#src/*` and `#test/*` are the package's
  // imports aliases (package.json).
  moduleNameMapper: {
    '^#src/(.*)\\.js$': '<rootDir>/src/$1',
    '^#test/(.*)\\.js$': '<rootDir>/test/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': ['@swc/jest', swcTypeScript],
    '^.+\\.js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2023' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${requiredEsmPackages.join('|')})[@/])`],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  // One template database per run, every migration applied, copied for each integration spec file
  // (test/support/test-database.ts): the migrations run once, not once per file.
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
  // Without timings (a fresh clone), the heaviest files first, counting the specs a file runs again
  // (test/support/sequencer.js).
  testSequencer: '<rootDir>/test/support/sequencer.js',
  testTimeout: 60_000,
  maxWorkers: 2,
};
