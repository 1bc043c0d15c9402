import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import pureCore from './scripts/eslint-pure-core.mjs';

const impure =
  'is impure: events/, projections/live/, wire/ and src/commands/ take time, ids and randomness from the command context.';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'dist-bench/', 'web/dist/', 'data/', 'coverage/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    // Presence is proven by types (narrowing, a checked lookup: projections/live/state/present.ts), not
    // asserted with `!`.
    files: ['src/**/*.ts', 'events/**/*.ts', 'projections/**/*.ts', 'wire/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
  {
    // The pure core: no clock, no randomness, no I/O, no framework.
    files: ['events/**/*.ts', 'projections/live/**/*.ts', 'wire/**/*.ts', 'src/commands/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'pure-core': pureCore },
    languageOptions: { globals: {} },
    rules: {
      'pure-core/only-own-imports': 'error',
      'no-restricted-globals': [
        'error',
        ...[
          'Date',
          'process',
          'crypto',
          'performance',
          'setTimeout',
          'setInterval',
          'setImmediate',
          'clearTimeout',
          'clearInterval',
          'clearImmediate',
          'queueMicrotask',
          'fetch',
          'require',
          'console',
          'globalThis',
          'window',
          'document',
          'Buffer',
          '__dirname',
          '__filename',
        ].map((name) => ({ name, message: `${name} ${impure}` })),
      ],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: `Math.random ${impure}` }],
    },
  },
);
