module.exports = { ...require('../../jest.preset.js'), displayName: 'feature-flags' };
