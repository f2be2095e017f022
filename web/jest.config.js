// web/package.json is "type": "module", so this config is ESM; the shared preset is CommonJS.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const preset = require('../jest.preset.js');

export default {
  ...preset,
  displayName: 'web',
  testEnvironment: 'jsdom',
  setupFiles: ['<rootDir>/src/test/setup-env.ts'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '\\.css$': '<rootDir>/src/test/style-stub.cjs',
    '\\.(svg|png|jpe?g|gif|webp|webm|mp4)$': '<rootDir>/src/test/file-stub.cjs',
  },
};
