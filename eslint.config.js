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
    files: ['scripts/**', 'bench/**', 'tools/**', '**/*.config.js', 'frontends/shared/rspack/**'],
    rules: { 'no-console': 'off' },
  },
);
