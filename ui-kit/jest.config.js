/** @type {import('jest').Config} */
export default {
  testEnvironment: 'jsdom',
  // Two workers: CI machines of this repo have two cores and the default would use one.
  maxWorkers: 2,
  // axe over whole documents is slow when turbo runs lint, builds and other suites beside it.
  testTimeout: 30_000,
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // Storybook 10 ships ESM only: its packages go through the same transform as our sources.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(storybook|@storybook))'],
  moduleNameMapper: {
    '\\.module\\.css$': 'identity-obj-proxy',
    '\\.css$': '<rootDir>/src/test-utils/style-stub.ts',
  },
  testEnvironmentOptions: { customExportConditions: [''] },
};
