import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'playground-dist/', 'node_modules/', 'coverage/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The rules engine is pure: no Foundry globals, no I/O.
    files: ['src/rules/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        'game',
        'CONFIG',
        'Hooks',
        'foundry',
        'ui',
        'canvas',
        'fetch',
        'window',
        'document',
      ],
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path'] }],
    },
  },
  {
    // The harness runtime also runs in the browser (the playground): only its Node host may use Node.
    files: ['test/harness/**/*.ts', 'playground/**/*.ts'],
    ignores: ['test/harness/index.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'url'] }],
    },
  },
);
