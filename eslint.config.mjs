import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
// The import boundaries (mongoose only in the data layer, features, remotes, ui): one rule, one table.
import importBoundaries from './infra/eslint/importBoundaries.cjs';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', '.data/**', '.cache/**', 'coverage/**', '.e2e-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    plugins: { lakorn: { rules: { 'import-boundaries': importBoundaries } } },
    rules: {
      'lakorn/import-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['**/*.tsx', 'shell/**/*.ts', 'mf-*/**/*.ts', 'packages/shell-sdk/**/*.ts', 'packages/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Browser code takes constants and types from the zod-free entry (ARCHITECTURE §9: zod and its
    // schemas stay on the server; a value import of the full entry puts zod in a bundle).
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}', 'packages/shell-sdk/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@lakorn/contracts',
              allowTypeImports: true,
              message: "Browser code imports '@lakorn/contracts/web' (zod-free); the full entry carries zod.",
            },
            { name: 'zod', message: 'zod stays on the server; browser code takes types from @lakorn/contracts/web.' },
          ],
        },
      ],
    },
  },
);
