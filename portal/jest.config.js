/** Unit and component tests run in jsdom; TypeScript and JSX go through SWC. */
export default {
  testEnvironment: '<rootDir>/jest.environment.js',
  roots: ['<rootDir>/src'],
  // A host with a port, so tests see that the error page names it in full.
  testEnvironmentOptions: { url: 'http://portal.test:8080/' },
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
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/src/$1',
    // ui-kit publishes ESM only ("import" condition); Jest resolves with "require", so point it at the build.
    '^@partner-portal/ui-kit$': '<rootDir>/node_modules/@partner-portal/ui-kit/dist/index.js',
    '^@partner-portal/ui-kit/charts$':
      '<rootDir>/node_modules/@partner-portal/ui-kit/dist/charts/index.js',
    '\\.css$': 'identity-obj-proxy',
  },
  // A screen test walks several renders; on a loaded machine that takes more than jest's 5 s.
  testTimeout: 20_000,
  clearMocks: true,
  restoreMocks: true,
};
