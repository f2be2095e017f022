// The unit layer's promise (jest.config.js): no database, no network, no child process.
// A unit test that reaches for one fails with a message saying where it belongs, instead
// of quietly making the fast layer slow or dependent on the machine.
import childProcess from 'node:child_process';
import net from 'node:net';

function refuse(what: string): never {
  throw new Error(
    `A unit test may not ${what}. Name the file *.medium.spec.ts (PostgreSQL, loopback servers) ` +
      'or *.system.spec.ts (child processes, NATS, stripe-mock) — see jest.config.js.',
  );
}

const LAUNCHERS = ['spawn', 'fork', 'exec', 'execFile', 'spawnSync', 'execSync', 'execFileSync'] as const;
const originalConnect = net.Socket.prototype.connect;
const originalListen = net.Server.prototype.listen;
const originalLaunchers = Object.fromEntries(LAUNCHERS.map((name) => [name, childProcess[name]]));

beforeAll(() => {
  net.Socket.prototype.connect = function connect() {
    return refuse('open a network connection');
  } as typeof net.Socket.prototype.connect;
  net.Server.prototype.listen = function listen() {
    return refuse('listen on a port');
  } as typeof net.Server.prototype.listen;
  for (const name of LAUNCHERS) {
    (childProcess as Record<typeof name, unknown>)[name] = () => refuse(`start a child process (${name})`);
  }
});

// Jest reuses its worker processes: leave them as they were.
afterAll(() => {
  net.Socket.prototype.connect = originalConnect;
  net.Server.prototype.listen = originalListen;
  Object.assign(childProcess, originalLaunchers);
});
