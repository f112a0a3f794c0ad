const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
    keepClassNames: true,
    experimental: { keepImportAttributes: true },
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

const workspacePackages = {
  '^@cairn/platform$': '<rootDir>/services/shared/platform/src/index.ts',
  '^@cairn/contracts$': '<rootDir>/services/shared/contracts/src/index.ts',
  '^@cairn/testing$': '<rootDir>/tools/testing/src/index.ts',
  '^@cairn/testing/suites$': '<rootDir>/tools/testing/src/suites.ts',
  '^@cairn/rules$': '<rootDir>/services/shared/rules/src/index.ts',
  '^@cairn/documents$': '<rootDir>/services/shared/documents/src/index.ts',
  '^@cairn/(search|generation|conversations|saved-protocols|uploads|accounts|standalone)$':
    '<rootDir>/services/$1/src/index.ts',
  '^@cairn/frontend-shared$': '<rootDir>/frontends/shared/src/index.ts',
};

// CommonJS packages that require() an ESM-only dependency work in Node >= 20.19 but not in jest's
// module registry; jest compiles those dependencies to CommonJS instead.
const esmOnlyDependencies = ['content-disposition'];

export default {
  testEnvironment: 'node',
  testTimeout: 30_000,
  setupFiles: ['<rootDir>/jest.setup.js'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    [`node_modules/(${esmOnlyDependencies.join('|')})/.+\\.js$`]: ['@swc/jest', { ...swc, module: { type: 'commonjs' } }],
    '^.+\\.(t|j)sx?$': ['@swc/jest', swc],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyDependencies.join('|')})/)`],
  moduleNameMapper: { ...workspacePackages, '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/{services,frontends,scripts,tools,bench,charts}/**/*.spec.{ts,tsx}', '<rootDir>/{services,frontends}/**/test/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // ESM test files keep their module graphs alive in one process: run them in a worker that is
  // replaced once it holds this much, never in band (the whole suite ran out of heap there).
  workerIdleMemoryLimit: '1536MB',
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};
