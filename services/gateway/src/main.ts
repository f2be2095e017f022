import 'reflect-metadata';
import { describeStartupError } from '@backtalk/kit';
import { startGateway } from './gateway.bootstrap';

startGateway().then(
  ({ app, url }) => {
    app.enableShutdownHooks();
    process.stdout.write(`gateway listening on ${url}\n`);
  },
  (error: unknown) => {
    process.stderr.write(`gateway: ${describeStartupError(error)}\n`);
    process.exit(1);
  },
);
