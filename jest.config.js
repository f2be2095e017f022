// Every workspace's tests, split into four layers (docs/architecture.md, "Tests"):
//   unit     *.spec.ts(x)           pure: no database, no network, no child process (enforced)
//   medium   *.medium.spec.ts(x)    a real PostgreSQL test database, in-process transport
//   system   *.system.spec.ts, services/system-tests/src/*.test.ts, deploy/test/*.test.ts
//            several processes, NATS, stripe-mock, versitygw, helm
//   browser  *.browser.test.ts      Chromium driving a running Backtalk
// `npm test` runs the layers one after another (services/libs/testing/run-test-layers.mjs);
// BACKTALK_TEST_LAYERS=unit,medium (or `npm run test:unit`, …) runs some of them.
const path = require('node:path');

const WORKSPACES = [
  'proto',
  'services/libs/kit',
  'services/libs/testing',
  'services/libs/ai',
  'services/libs/embedded-db',
  'services/gateway',
  'services/identity',
  'services/creators',
  'services/ingestion',
  'services/chat-inference',
  'services/billing',
  'services/feature-flags',
  'services/standalone',
  'services/system-tests',
  'web',
  'deploy',
];

const EXTENSIONS = '{ts,tsx}';
const LAYERS = {
  unit: {
    testMatch: [`<rootDir>/src/**/*.spec.${EXTENSIONS}`],
    testPathIgnorePatterns: ['\\.(medium|system)\\.spec\\.tsx?$'],
  },
  medium: { testMatch: [`<rootDir>/src/**/*.medium.spec.${EXTENSIONS}`] },
  system: {
    testMatch: [
      `<rootDir>/src/**/*.system.spec.${EXTENSIONS}`,
      '<rootDir>/test/**/*.test.ts',
      // services/system-tests: every suite but the browser ones.
      '<rootDir>/src/**/*.test.ts',
    ],
    testPathIgnorePatterns: ['\\.browser\\.test\\.ts$'],
  },
  browser: { testMatch: ['<rootDir>/src/**/*.browser.test.ts'] },
};
const LAYER_NAMES = Object.keys(LAYERS);

function selectedLayers() {
  const asked = (process.env.BACKTALK_TEST_LAYERS || LAYER_NAMES.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = asked.filter((name) => !LAYER_NAMES.includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `BACKTALK_TEST_LAYERS names unknown layers: ${unknown.join(', ')} (known: ${LAYER_NAMES.join(', ')})`,
    );
  }
  return asked;
}

/** One workspace's jest config restricted to one layer. */
function layerProject(workspace, layer) {
  const rootDir = path.join(__dirname, workspace);
  const config = require(path.join(rootDir, 'jest.config.js'));
  const base = config.default ?? config;
  const project = {
    ...base,
    rootDir,
    displayName: `${base.displayName}:${layer}`,
    ...LAYERS[layer],
    testPathIgnorePatterns: ['/node_modules/', ...(LAYERS[layer].testPathIgnorePatterns ?? [])],
  };
  if (layer === 'unit') {
    // A unit test needs no server: no global setup (it finds PostgreSQL, builds services),
    // and a guard that fails any test reaching for the network or a child process.
    delete project.globalSetup;
    delete project.globalTeardown;
    project.setupFilesAfterEnv = [
      ...(base.setupFilesAfterEnv ?? []),
      path.join(__dirname, 'services/libs/testing/src/unit-layer.setup.ts'),
    ];
  }
  return project;
}

module.exports = {
  reporters: ['default', '<rootDir>/services/libs/testing/summary-reporter.js'],
  projects: selectedLayers().flatMap((layer) =>
    WORKSPACES.map((workspace) => layerProject(workspace, layer)),
  ),
};
