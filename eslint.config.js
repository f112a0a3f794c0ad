import tseslint from 'typescript-eslint';
import moduleBoundaries from './tools/eslint-rules/module-boundaries.js';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/gen/**', '.data/**', 'bench/out/**', 'test-output/**', 'coverage/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { cairn: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: {
      'cairn/module-boundaries': 'error',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Product code never loads the test harnesses and doubles of tools/testing (@cairn/testing).
    files: ['services/*/src/**/*.{ts,tsx}', 'services/shared/*/src/**/*.{ts,tsx}', 'frontends/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.{ts,tsx}', '**/*.contract.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@cairn/testing', '@cairn/testing/*', '**/tools/testing/**'], message: 'tools/testing (@cairn/testing) is for tests only.' }] },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'tools/eslint-rules/**', '**/*.config.js', 'frontends/shared/rspack/**'],
    rules: { 'no-console': 'off' },
  },
);
