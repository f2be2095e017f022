// One jest setup shared by every project: SWC transpiles TypeScript (with the
// decorator metadata Nest needs) and workspace packages resolve to their sources.
const path = require('node:path');
const root = __dirname;

const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: {
      legacyDecorator: true,
      decoratorMetadata: true,
      useDefineForClassFields: false,
      react: { runtime: 'automatic' },
    },
    target: 'es2022',
    keepClassNames: true,
  },
  // Native import() survives so ESM-only packages (node-llama-cpp) load for real.
  module: { type: 'commonjs', ignoreDynamic: true },
};

module.exports = {
  testEnvironment: 'node',
  globalSetup: path.join(root, 'services/libs/testing/src/global-setup.ts'),
  globalTeardown: path.join(root, 'services/libs/testing/src/global-teardown.ts'),
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swcOptions] },
  // ESM-only dependencies that CommonJS code requires synchronously (Node loads them with
  // require(esm); jest's module loader cannot, so SWC converts them).
  transformIgnorePatterns: ['/node_modules/(?!(stemmer|@scure/base|@noble/hashes)/)'],
  moduleNameMapper: Object.fromEntries(
    Object.entries(require('./tsconfig.base.json').compilerOptions.paths).map(([name, [target]]) => [
      `^${name}$`,
      path.join(root, target),
    ]),
  ),
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    '<rootDir>/src/**/*.test.ts',
    '<rootDir>/src/**/*.spec.tsx',
    '<rootDir>/test/**/*.test.ts',
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  setupFilesAfterEnv: [path.join(root, 'services/libs/testing/src/jest-timeout.setup.ts')],
};
