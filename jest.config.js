// `npm test` runs every project below in one jest process pool.
module.exports = {
  reporters: ['default', '<rootDir>/services/libs/testing/summary-reporter.js'],
  projects: [
    '<rootDir>/proto',
    '<rootDir>/services/libs/kit',
    '<rootDir>/services/libs/testing',
    '<rootDir>/services/libs/ai',
    '<rootDir>/services/libs/embedded-db',
    '<rootDir>/services/gateway',
    '<rootDir>/services/identity',
    '<rootDir>/services/creators',
    '<rootDir>/services/ingestion',
    '<rootDir>/services/chat-inference',
    '<rootDir>/services/billing',
    '<rootDir>/services/feature-flags',
    '<rootDir>/services/standalone',
    '<rootDir>/services/system-tests',
    '<rootDir>/web',
    '<rootDir>/deploy',
  ],
};
