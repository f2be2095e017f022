import { describeWhenAvailable } from './components';
import net from 'node:net';

export const NATS_STATUS_VARIABLE = 'BACKTALK_TEST_NATS';

export function testNatsUrl(): string {
  return process.env.NATS_URL || 'nats://127.0.0.1:4222';
}

/** null when a NATS server answers at the URL, else why not. */
export function probeNats(url = testNatsUrl(), timeoutMs = 1500): Promise<string | null> {
  const target = new URL(url.replace(/^nats:/, 'http:'));
  return new Promise((resolve) => {
    const socket = net.connect({ host: target.hostname, port: Number(target.port || 4222) });
    const done = (reason: string | null): void => {
      socket.destroy();
      resolve(reason);
    };
    socket.setTimeout(timeoutMs, () => done(`no answer from ${url} within ${timeoutMs} ms`));
    socket.once('error', (error) => done(`${url}: ${error.message}`));
    // A NATS server greets every client with an INFO line.
    socket.once('data', (data) =>
      done(data.toString().startsWith('INFO') ? null : `${url} is not a NATS server`),
    );
  });
}

/**
 * A describe block for suites that need a real NATS server. The global setup
 * probes it once; when it is unreachable the suite reports as skipped, with
 * the reason in its name (or fails, when CI requires every component).
 */
export function describeWithNats(name: string, fn: () => void): void {
  const status = process.env[NATS_STATUS_VARIABLE] ?? 'unknown: global setup did not probe NATS';
  describeWhenAvailable('NATS', status === 'reachable' ? null : `not reachable: ${status}`, name, fn);
}
