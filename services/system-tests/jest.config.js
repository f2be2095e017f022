const path = require('node:path');
const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'system-tests',
  // Builds what the spawned processes run, then the shared setup.
  globalSetup: path.join(__dirname, 'src/global-setup.ts'),
  // testTimeout is a global option; a setup file sets it for this project alone.
  setupFilesAfterEnv: [path.join(__dirname, 'src/jest.setup.ts')],
};
