import 'reflect-metadata';
import { describeStartupError } from '@backtalk/kit';
import { browserAddress } from './browser-address';
import { StartupError, startStandalone } from './standalone';
import { runStandaloneCommand } from './standalone-command';

const log = (line: string): void => void process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const started = Date.now();
  const backtalk = await startStandalone({ env: process.env, log });
  log(
    `\nBacktalk is ready at ${browserAddress(backtalk.url)} (started in ${((Date.now() - started) / 1000).toFixed(1)} s). Press Ctrl-C to stop.`,
  );
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) {
      log('Stopping immediately.');
      process.exit(1);
    }
    stopping = true;
    log(`\n${signal} received: stopping Backtalk…`);
    backtalk.stop().then(
      () => {
        log('Stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        process.stderr.write(`Error while stopping: ${describeStartupError(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

const command = process.argv.slice(2);
(command.length > 0
  ? runStandaloneCommand(command, process.env, log).then((code) => process.exit(code))
  : main()
).catch((error: unknown) => {
  const message = error instanceof StartupError ? error.message : describeStartupError(error);
  process.stderr.write(`Backtalk could not start: ${message}\n`);
  process.exit(1);
});
