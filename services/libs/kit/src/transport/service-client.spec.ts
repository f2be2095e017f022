import { ErrorCode, Events, Subjects } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import { firstValueFrom, toArray } from 'rxjs';
import { baseConfigSchema } from '../config/config.schema';
import { loadConfig } from '../config/load-config';
import { natsRequestsTotal } from '../metrics/metrics';
import { InProcessBus } from './in-process.bus';
import { InProcessClient } from './in-process.client';
import { ServiceClient, type StreamSink } from './service-client';

const subject = Subjects.FeatureFlagsFlagGet;

/** Answers like Nest's server does: each value a packet, the last one marked disposed. */
function respondWith(bus: InProcessBus, on: string, packets: object[]): void {
  bus.subscribe(on, (message) => {
    const { id } = JSON.parse(message.data) as { id: string };
    for (const packet of packets) message.respond?.(JSON.stringify({ ...packet, id }));
  });
}

async function outcomes(caller: string): Promise<Record<string, number>> {
  const { values } = await natsRequestsTotal.get();
  return Object.fromEntries(
    values
      .filter((value) => value.labels.service === caller)
      .map((value) => [`${String(value.labels.subject)} ${String(value.labels.outcome)}`, value.value]),
  );
}

describe('ServiceClient', () => {
  let bus: InProcessBus;
  let client: ServiceClient;
  let caller: string;

  beforeEach(() => {
    bus = new InProcessBus();
    caller = `kit-test-${randomUUID()}`;
    const config = loadConfig(baseConfigSchema, { REQUEST_TIMEOUT_MS: '200' });
    client = new ServiceClient(new InProcessClient(bus), config, caller);
  });

  it('counts a request answered with a reply as outcome "ok"', async () => {
    respondWith(bus, subject, [{ response: { name: 'x', enabled: true }, isDisposed: true }]);
    await expect(client.request(subject, { name: 'x', environment: 'development' })).resolves.toEqual({
      name: 'x',
      enabled: true,
    });
    expect(await outcomes(caller)).toEqual({ [`${subject} ok`]: 1 });
  });

  it('counts a stream as "ok" once it completes, with every value delivered', async () => {
    respondWith(bus, subject, [
      { response: { name: 'a', enabled: false } },
      { response: { name: 'b', enabled: true }, isDisposed: true },
    ]);
    const values = await firstValueFrom(
      client.stream(subject, { name: 'x', environment: 'development' }).pipe(toArray()),
    );
    expect(values.map((value) => value.name)).toEqual(['a', 'b']);
    expect(await outcomes(caller)).toEqual({ [`${subject} ok`]: 1 });
  });

  /** A sink that records what open() delivered. */
  function recorder(): { seen: string[]; ended: Promise<void> } & StreamSink<{ name: string }> {
    let end: () => void = () => undefined;
    const seen: string[] = [];
    return {
      seen,
      ended: new Promise<void>((resolve) => (end = resolve)),
      next: (value) => seen.push(`next ${value.name}`),
      error: (error) => {
        seen.push(`error ${error.code}: ${error.message}`);
        end();
      },
      complete: () => {
        seen.push('complete');
        end();
      },
    };
  }

  it('delivers a stream to a callback sink value by value, then completes', async () => {
    respondWith(bus, subject, [
      { response: { name: 'a', enabled: false } },
      { response: { name: 'b', enabled: true } },
      { isDisposed: true },
    ]);
    const sink = recorder();
    client.open(subject, { name: 'x', environment: 'development' }, sink);
    await sink.ended;
    expect(sink.seen).toEqual(['next a', 'next b', 'complete']);
    expect(await outcomes(caller)).toEqual({ [`${subject} ok`]: 1 });
  });

  it('fails a stream clearly at a value that breaks the contract, after the good ones', async () => {
    respondWith(bus, subject, [
      { response: { name: 'a', enabled: false } },
      { response: { name: 'b', enabled: 'yes' } },
      { response: { name: 'c', enabled: true }, isDisposed: true },
    ]);
    const sink = recorder();
    client.open(subject, { name: 'x', environment: 'development' }, sink);
    await sink.ended;
    expect(sink.seen).toEqual([
      'next a',
      expect.stringMatching(/^error INTERNAL: feature-flags sent an invalid reply to .*enabled/),
    ]);
  });

  it('fails a stream whose next value does not come within eachMs, naming that wait', async () => {
    bus.subscribe(subject, (message) => {
      const { id } = JSON.parse(message.data) as { id: string };
      message.respond?.(JSON.stringify({ id, response: { name: 'a', enabled: true } }));
    });
    const sink = recorder();
    const started = performance.now();
    client.open(subject, { name: 'x', environment: 'development' }, sink, { firstMs: 1000, eachMs: 120 });
    await sink.ended;
    expect(performance.now() - started).toBeGreaterThanOrEqual(119);
    expect(sink.seen).toEqual([
      'next a',
      'error SERVICE_UNAVAILABLE: feature-flags did not answer within 120 ms',
    ]);
  });

  it('delivers nothing more once cancelled', async () => {
    let respond: ((raw: string) => void) | undefined = undefined as ((raw: string) => void) | undefined;
    let id = '';
    bus.subscribe(subject, (message) => {
      id = (JSON.parse(message.data) as { id: string }).id;
      respond = message.respond;
    });
    const sink = recorder();
    const call = client.open(subject, { name: 'x', environment: 'development' }, sink, { firstMs: 100 });
    while (!respond) await new Promise((resolve) => setImmediate(resolve));
    respond(JSON.stringify({ id, response: { name: 'a', enabled: true } }));
    call.cancel();
    respond(JSON.stringify({ id, response: { name: 'b', enabled: true }, isDisposed: true }));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(sink.seen).toEqual(['next a']);
  });

  it('turns a wire error into a typed ServiceError and counts its code', async () => {
    respondWith(bus, subject, [{ err: { code: 'NOT_FOUND', message: 'no such flag' }, isDisposed: true }]);
    await expect(client.request(subject, { name: 'x', environment: 'development' })).rejects.toMatchObject({
      code: ErrorCode.NotFound,
      message: 'no such flag',
    });
    expect(await outcomes(caller)).toEqual({ [`${subject} NOT_FOUND`]: 1 });
  });

  it('answers SERVICE_UNAVAILABLE when nobody serves the subject', async () => {
    await expect(client.request(subject, { name: 'x', environment: 'development' })).rejects.toMatchObject({
      code: ErrorCode.ServiceUnavailable,
      message: 'feature-flags is unavailable',
    });
    expect(await outcomes(caller)).toEqual({ [`${subject} SERVICE_UNAVAILABLE`]: 1 });
  });

  it('answers SERVICE_UNAVAILABLE naming the wait when the service does not answer in time', async () => {
    bus.subscribe(subject, () => undefined);
    await expect(client.request(subject, { name: 'x', environment: 'development' })).rejects.toMatchObject({
      code: ErrorCode.ServiceUnavailable,
      message: 'feature-flags did not answer within 200 ms',
    });
  });

  it('rejects a reply that breaks the contract as INTERNAL, naming the subject', async () => {
    respondWith(bus, subject, [{ response: { name: 42 }, isDisposed: true }]);
    await expect(client.request(subject, { name: 'x', environment: 'development' })).rejects.toMatchObject({
      code: ErrorCode.Internal,
      message: expect.stringContaining(`invalid reply to ${subject}`),
    });
  });

  it('refuses a bad request before sending it', async () => {
    let sent = false;
    bus.subscribe(subject, () => {
      sent = true;
    });
    await expect(
      client.request(subject, { name: '', environment: 'staging' } as never),
    ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
    expect(sent).toBe(false);
  });

  it('emits a valid event and refuses an invalid one', async () => {
    const received: unknown[] = [];
    bus.subscribe(Events.CreatorsPostsChanged, (message) => received.push(JSON.parse(message.data).data));
    const creatorId = randomUUID();
    await client.emit(Events.CreatorsPostsChanged, { creatorId });
    await expect(client.emit(Events.CreatorsPostsChanged, { creatorId: 7 } as never)).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual([{ creatorId }]);
  });
});
