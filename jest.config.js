const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

const workspacePackages = {
  '^@cairn/platform$': '<rootDir>/services/shared/platform/src/index.ts',
  '^@cairn/contracts$': '<rootDir>/services/shared/contracts/src/index.ts',
  '^@cairn/testing$': '<rootDir>/services/shared/testing/src/index.ts',
  '^@cairn/(search|generation|conversations|saved-protocols|uploads|accounts|standalone)$':
    '<rootDir>/services/$1/src/index.ts',
  '^@cairn/frontend-shared$': '<rootDir>/frontends/shared/src/index.ts',
};

export default {
  testEnvironment: 'node',
  setupFiles: ['<rootDir>/jest.setup.js'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  moduleNameMapper: { ...workspacePackages, '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/{services,frontends,scripts}/**/*.spec.{ts,tsx}', '<rootDir>/{services,frontends}/**/test/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};
