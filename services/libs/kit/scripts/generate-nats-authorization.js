#!/usr/bin/env node
// Writes the NATS server's authorization block (one user per service, with the
// permissions in services/libs/kit/src/transport/nats-permissions.ts) for compose
// and for the Helm chart:
//   npm run build && node services/libs/kit/scripts/generate-nats-authorization.js
// A kit test fails while a committed copy is stale.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../../../..');
const { natsAuthorizationFiles } = require(path.join(root, 'services/libs/kit/dist/index.js'));
for (const [file, text] of Object.entries(natsAuthorizationFiles())) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
  process.stdout.write(`wrote ${file}\n`);
}
