module.exports = { ...require('../../../jest.preset.js'), displayName: 'embedded-db' };
