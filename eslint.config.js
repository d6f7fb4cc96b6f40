import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundariesPlugin } from './tools/eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use `as const` objects or z.enum instead of enums.' },
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // ARCHITECTURE.md §11: the platform imports no module, modules meet through their entries, ui/ and core/ of the web import no module.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries: boundariesPlugin },
    rules: { 'boundaries/boundaries': 'error' },
  },
  {
    // Config files of tools require a default export.
    files: ['**/*.config.{js,ts}', 'apps/server/test/postgresGlobalSetup.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
