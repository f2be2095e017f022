// web/package.json is "type": "module", so this config is ESM; the shared preset is CommonJS.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const preset = require('../jest.preset.js');

export default {
  ...preset,
  displayName: 'web',
  // jsdom with Node's fetch, Request, Response and AbortController (the data router builds a
  // Request for every navigation; jsdom has none).
  testEnvironment: 'jest-fixed-jsdom',
  setupFiles: ['<rootDir>/src/test/setup-env.ts'],
  // Every test file talks to MSW (src/test/api-mock.ts), never to a hand-written fetch stub, and
  // renders English (src/test/i18n-setup.ts).
  setupFilesAfterEnv: ['<rootDir>/src/test/msw-setup.ts', '<rootDir>/src/test/i18n-setup.ts'],
  // MSW's dependencies that ship only ES modules are compiled like our own code.
  transform: { ...preset.transform, '^.+\\.mjs$': Object.values(preset.transform)[0] },
  transformIgnorePatterns: ['/node_modules/(?!(until-async|openapi-msw)/)(?!.*\\.mjs$)'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    // CSS Modules: `styles.name` is 'name', so tests and markup read the same class names.
    '\\.module\\.css$': 'identity-obj-proxy',
    '\\.css$': '<rootDir>/src/test/style-stub.cjs',
    '\\.(svg|png|jpe?g|gif|webp|webm|mp4)$': '<rootDir>/src/test/file-stub.cjs',
  },
};
