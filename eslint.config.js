import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The import rule again, under names of its own (see "Layering" below). */
const restrictedImports = tseslint.plugin.rules['no-restricted-imports'];
const layering = {
  rules: { 'no-database': restrictedImports, 'no-query-builder': restrictedImports },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'apps/web/build/**',
      'apps/api/dist/**',
      'apps/web/.react-router/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      // Paystack's published document and samples, kept verbatim.
      'apps/api/src/modules/payments/reference/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        window: 'readonly',
        document: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-undef': 'off',
    },
  },
  // Every redirect target passes safeRedirectPath (packages/shared): only through these helpers.
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/app/lib/redirect.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              // redirectDocument stays allowed: it leaves the site on purpose (the payment page).
              importNames: ['redirect', 'replace'],
              message: 'Use redirect from lib/redirect.ts: it checks the target.',
            },
          ],
        },
      ],
    },
  },
  // The web app reads the API's answer types (derived from its route schemas), never its code:
  // type-only imports vanish at build time, so no server module reaches the browser bundle.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@sf/api', '@sf/api/*', '**/apps/api/**'],
              allowTypeImports: true,
              message:
                "Import the API's answer types only: import type { … } from '@sf/api/types'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    // The local stand-in for Paystack is another site: it sends the buyer back to the shop.
    ignores: ['apps/api/src/modules/payments/test-server.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='redirect']",
          message: 'Use redirectSafely from lib/redirect.ts: it checks the target.',
        },
      ],
    },
  },
  // Layering (docs/adding-a-module.md): routes call their service, a service calls its own
  // repository, and another module's data is reached through that module's service. Types may
  // be imported from anywhere. No file is excused: a new exception needs a decision record.
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/repository', '../*/repository.ts'],
              allowTypeImports: true,
              message: "Reach another module's data through its service; import its types only.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/**/routes.ts', 'apps/api/src/modules/**/*-routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                './repository',
                './repository.ts',
                './*-repository',
                './*-repository.ts',
                '../*/repository',
                '../*/repository.ts',
              ],
              allowTypeImports: true,
              message: 'Routes call their service; the service calls the repository.',
            },
          ],
        },
      ],
    },
  },

  // SQL lives in repositories only: a route file never touches the database client or the
  // query builder, and a service builds no query. `layering` re-registers the import rule under
  // its own names, so these rules and the ones above are kept apart.
  { plugins: { layering } },
  {
    files: ['apps/api/src/modules/**/routes.ts', 'apps/api/src/modules/**/*-routes.ts'],
    rules: {
      'layering/no-database': [
        'error',
        {
          paths: ['@sf/db', 'drizzle-orm'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Routes call their service; SQL and the database client live in repositories.',
          })),
        },
      ],
    },
  },
  {
    files: [
      'apps/api/src/modules/**/service.ts',
      'apps/api/src/modules/**/*-service.ts',
      // Rules named by their subject rather than as a service: they query through their
      // module's repository files the same way.
      'apps/api/src/modules/admin/common.ts',
      'apps/api/src/modules/admin/holds.ts',
      'apps/api/src/modules/coupons/admin.ts',
      'apps/api/src/modules/coupons/limits.ts',
    ],
    rules: {
      'layering/no-query-builder': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              allowTypeImports: true,
              message: "A service states rules; its queries belong in the module's repository.",
            },
          ],
        },
      ],
    },
  },
);
