module.exports = { ...require('../../jest.preset.js'), displayName: 'system-tests' };
