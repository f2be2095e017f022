module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'deploy',
  // Builds helm and fetches the pinned schema modules once, before any test file runs.
  globalSetup: '<rootDir>/test/global-setup.ts',
};
