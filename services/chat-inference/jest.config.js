module.exports = { ...require('../../jest.preset.js'), displayName: 'chat-inference' };
