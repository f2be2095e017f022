import net from 'node:net';

export const REDIS_STATUS_VARIABLE = 'BACKTALK_TEST_REDIS';

export function testRedisUrl(): string {
  return process.env.REDIS_URL || 'redis://127.0.0.1:6379';
}

/** null when a Redis server answers PING at the URL, else why not. */
export function probeRedis(url = testRedisUrl(), timeoutMs = 1500): Promise<string | null> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: target.hostname, port: Number(target.port || 6379) });
    const done = (reason: string | null): void => {
      socket.destroy();
      resolve(reason);
    };
    socket.setTimeout(timeoutMs, () => done(`no answer from ${url} within ${timeoutMs} ms`));
    socket.once('error', (error) => done(`${url}: ${error.message}`));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) =>
      done(data.toString().startsWith('+PONG') ? null : `${url} did not answer PING like Redis`),
    );
  });
}

/** Why the machine's Redis cannot be used (for a skipped test's name), or null when it can. */
export function redisProblem(): string | null {
  const status = process.env[REDIS_STATUS_VARIABLE] ?? 'unknown: global setup did not probe Redis';
  return status === 'reachable' ? null : `not reachable: ${status}`;
}
