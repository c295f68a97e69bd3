import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from './eslint/module-boundaries.js';

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'web/dist/**', 'drizzle/**', 'bench/results/**', 'reliability/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        TextEncoder: 'readonly',
        structuredClone: 'readonly',
      },
      // Type-aware rules: one TypeScript program for the whole repository (tsconfig.json includes every file linted).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { local: boundaries },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // node:test's describe/it answer promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      'local/module-boundaries': 'error',
    },
  },
  // A file past 300 lines holds more than one reason to change: split it (tests included).
  { files: ['src/**/*.ts'], rules: { 'max-lines': ['error', { max: 300 }] } },
  // A function longer or more branched than this does more than one thing: extract well-named parts.
  // Tests and the suites they share are exempt because a describe block is a list of cases.
  {
    files: ['src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.contract.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
      complexity: ['error', 15],
    },
  },
  // Hooks called in the same order on every render, and effects that list what they read.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Query keys are written once, in the query factories of web/src/api/queries/: a key typed inline
  // elsewhere drifts from the one its invalidations use, and a change then refreshes nothing.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/api/queries/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Use a query factory or a keys object from web/src/api/queries/ instead of an inline query key.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(get|set)QueryData$/] > ArrayExpression',
          message: 'Use a query factory or a keys object from web/src/api/queries/ instead of an inline query key.',
        },
      ],
    },
  },
  { files: ['eslint.config.js', 'eslint/**'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.test.ts', 'test/**', 'scripts/**', 'bench/**', 'reliability/**', '**/*.cli.ts'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
