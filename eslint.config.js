// One ESLint flat config for every package; each package runs `eslint .` from its own folder.
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The portal's import graph: lib/ and config/ → features → app. A feature never imports another
 * feature, nor the app; what two features need lives in lib/. `@/` is `portal/src/`.
 */
const portalFeatures = readdirSync(new URL('./portal/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One config per feature and folder depth: a relative import may not climb out of its feature. */
const portalFeatureBoundaries = portalFeatures.flatMap((feature) =>
  [1, 2, 3, 4].map((depth) => ({
    files: [`portal/src/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@/(features/(?!${escapeRegex(feature)}(/|$))|app(/|$))`,
              message: `A feature never imports another feature or the app: move what both need to lib/.`,
            },
            {
              regex: `^(\\.\\./){${depth},}`,
              message: `A relative import may not climb out of features/${feature}/: import lib/ through @/.`,
            },
          ],
        },
      ],
    },
  })),
);

/**
 * The BFF's import graph (bff/README.md, "Boundaries"). common/ and config/ are the base: they import
 * no feature. Every other folder of bff/src/ is a feature, except database/ and openapi/, which compose
 * features (as app.module.ts does). A feature imports another only through its public face: its
 * top-level files other than controllers, and its dto/ and decorators/; its other folders are its
 * internals. No relative import in bff/src climbs two folders: `#src/…` (bff/package.json "imports").
 */
const BFF_BASE = ['common', 'config'];
const BFF_COMPOSITION = ['database', 'openapi'];
const bffFolders = readdirSync(new URL('./bff/src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const bffFeatures = bffFolders.filter(
  (folder) => !BFF_BASE.includes(folder) && !BFF_COMPOSITION.includes(folder),
);

const noClimb = {
  regex: '^(\\.\\./){2,}',
  message: 'No ../../ in bff/src: import through #src/… (bff/package.json "imports").',
};

/** An import path (after `#src/` or `../`) into another feature's internals. */
const internalsOf = (features) =>
  `(${features.map(escapeRegex).join('|')})/((?!(dto|decorators)/)[^/]+/|[^/]*\\.controller(\\.js)?$)`;

const bffBoundaries = [
  ...bffFeatures.flatMap((feature) => {
    const others = bffFeatures.filter((other) => other !== feature);
    const message = `A feature imports another only through its top-level files, dto/ and decorators/ (not its controllers or other folders): move what both need to common/.`;
    return [1, 2, 3, 4].map((depth) => ({
      files: [`bff/src/${feature}/${'*/'.repeat(depth - 1)}*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              noClimb,
              { regex: `^#src/${internalsOf(others)}`, message },
              ...(depth === 1 ? [{ regex: `^\\.\\./${internalsOf(others)}`, message }] : []),
            ],
          },
        ],
      },
    }));
  }),
  ...BFF_BASE.flatMap((base) =>
    [1, 2, 3, 4].map((depth) => ({
      files: [`bff/src/${base}/${'*/'.repeat(depth - 1)}*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              noClimb,
              {
                regex: `^(#src/|${depth === 1 ? '\\.\\./' : '#src/'})(${bffFeatures.map(escapeRegex).join('|')})(/|$)`,
                message: `${base}/ serves every feature: it imports none (what it needs of one belongs in common/).`,
              },
            ],
          },
        ],
      },
    })),
  ),
  {
    files: BFF_COMPOSITION.map((folder) => `bff/src/${folder}/**/*.ts`),
    rules: { 'no-restricted-imports': ['error', { patterns: [noClimb] }] },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/storybook-static/**',
      '**/coverage/**',
      '**/.data/**',
      '**/playwright-report/**',
      '**/test-results/**',
      '**/*.gen.ts',
      // The lint rules' own fixtures, linted by their tests (portal/scripts/deprecated-props.test.mjs).
      'portal/src/__fixtures__/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // NestJS relies on emitted decorator metadata: a type-only import would erase the injected class.
    files: ['bff/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['portal/**/*.{ts,tsx}', 'ui-kit/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Screens are composed from ui-kit: no one-off controls styled in the portal.
    files: ['portal/src/**/*.tsx'],
    ignores: ['portal/src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'JSXOpeningElement[name.name=/^(a|button|input|select|textarea|table|dialog|progress)$/]',
          message: 'Use the @partner-portal/ui-kit component instead of a raw control.',
        },
      ],
    },
  },
  {
    files: ['ui-kit/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@partner-portal/portal', '**/portal/**'],
              message: 'ui-kit knows nothing of the portal.',
            },
          ],
        },
      ],
    },
  },
  {
    // A deprecated ui-kit prop (its `@deprecated` JSDoc) used in the portal warns: typed linting, for
    // the portal's sources only (ui-kit/src/docs/Installing.mdx, "Semver and deprecation").
    files: ['portal/src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-deprecated': [
        'warn',
        {
          // Deprecations of React's types and TanStack Query that predate this rule: their migration
          // is its own change. Every other deprecated use, ui-kit's props first, warns.
          allow: [
            { from: 'package', package: '@types/react', name: 'FormEvent' },
            {
              from: 'package',
              package: '@tanstack/query-core',
              name: ['prefetchQuery', 'ensureQueryData', 'fetchQuery'],
            },
          ],
        },
      ],
    },
  },
  ...portalFeatureBoundaries,
  ...bffBoundaries,
  {
    files: ['portal/src/lib/**/*.{ts,tsx}', 'portal/src/config/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+)(features|app)(/|$)',
              message:
                'lib/ and config/ serve every feature: they import no feature and not the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{test,spec,e2e-spec}.{ts,tsx}', 'e2e/**/*.ts', '**/scripts/**/*.{ts,js,mjs}'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
