/**
 * One request/reply round trip (`feature-flags.health.check`: `{}` out, a
 * ~70-byte health report back) through
 *  (a) the kit's ServiceClient over NATS to a kit service (DrainingNatsServer),
 *  (b) a raw `nats` request (JSONCodec) to a raw `nc.subscribe` responder,
 *      between the same two processes — (a)/(b) is the kit's overhead,
 *  (c) the kit's ServiceClient over the in-process transport,
 * plus the steps in between, so the overhead can be attributed: raw NATS to a
 * plain Nest server, raw NATS to the kit's server, Nest's own client to the
 * kit's server; Nest's in-process client and the bare in-process bus.
 * Each path: a warm-up, then N sequential requests and N×2 at concurrency 16,
 * split into rounds interleaved across paths (rotating the order) so drift on
 * a noisy machine hits every path alike; latency percentiles pool all rounds,
 * throughput is the median of the rounds' throughputs. Subjects live under a random
 * NATS_SUBJECT_PREFIX so other users of the shared NATS are not disturbed.
 * Run from the repository root after `npm run build` (NATS on NATS_URL,
 * default nats://127.0.0.1:4222):
 *
 *   node -r ./services/libs/testing/swc-register.cjs services/system-tests/bench/rtt.bench.ts [--n 2000] [--rounds 8] [--concurrency 16]
 */
import 'reflect-metadata';
import {
  BaseConfig,
  InProcessBus,
  InProcessServer,
  natsRequestDuration,
  natsRequestsTotal,
  processBus,
  RequestContext,
  ServiceClient,
  ServiceKitModule,
  TRANSPORT_CLIENT,
} from '@backtalk/kit';
import { contracts, type HealthCheckReply, Subjects } from '@backtalk/proto';
import { testNatsUrl } from '@backtalk/testing';
import { type INestApplicationContext, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import { connect, headers as natsHeaders, JSONCodec, type NatsConnection } from 'nats';
import { Logger } from 'nestjs-pino';
import { AsyncResource } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { catchError, firstValueFrom, map, of, tap, throwError, timeout } from 'rxjs';
import { baseEnv, repoRoot, writeJsonResult } from './lib/proc';
import { argNumber, fmt, median, percentile, progress, table } from './lib/stats';

const SUBJECT = Subjects.FeatureFlagsHealthCheck;

interface Variant {
  id: string;
  label: string;
  transport: 'NATS' | 'in-process';
  /** Served by the responder process (its CPU is then measured too). */
  remote: boolean;
  call: () => Promise<unknown>;
  /** Checked once after the warm-up, so a broken path cannot pass for a fast one. */
  valid: (reply: unknown) => boolean;
}

interface Samples {
  seq: number[];
  seqElapsedMs: number;
  /** Requests per second of each round, sequential and concurrent. */
  seqRounds: number[];
  conc: number[];
  concElapsedMs: number;
  concRounds: number[];
  clientCpuUs: number;
  responderCpuUs: number;
}

const isUp = (reply: unknown): boolean => (reply as HealthCheckReply | undefined)?.status === 'up';

/** The responder process, driven over stdin/stdout (see rtt-responder.ts). */
async function startResponder(env: Record<string, string | undefined>) {
  const child = spawn(
    process.execPath,
    [
      '-r',
      path.join(__dirname, '../../libs/testing/swc-register.cjs'),
      path.join(__dirname, 'rtt-responder.ts'),
    ],
    {
      cwd: repoRoot,
      env: env as NodeJS.ProcessEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  const onLine = (line: string): void => {
    if (line.startsWith('@@')) waiting.shift()?.(line);
    else output.push(line);
  };
  createInterface({ input: child.stdout! }).on('line', onLine);
  createInterface({ input: child.stderr! }).on('line', (line) => output.push(line));
  const next = (): Promise<string> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`responder did not answer:\n${output.slice(-30).join('\n')}`)),
        30_000,
      );
      waiting.push((line) => {
        clearTimeout(timer);
        resolve(line);
      });
    });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await Promise.race([
    next(),
    exited.then(() => {
      throw new Error(`responder exited:\n${output.slice(-30).join('\n')}`);
    }),
  ]);
  if (ready !== '@@ready') throw new Error(`unexpected responder line ${ready}`);
  return {
    async cpuUs(): Promise<number> {
      const answer = next();
      child.stdin!.write('cpu\n');
      const usage = JSON.parse((await answer).slice('@@cpu '.length)) as NodeJS.CpuUsage;
      return usage.user + usage.system;
    },
    async stop(): Promise<void> {
      child.stdin!.write('quit\n');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function sequential(
  call: () => Promise<unknown>,
  n: number,
): Promise<{ latencies: number[]; elapsedMs: number; cpuUs: number }> {
  const latencies = new Array<number>(n);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < n; i += 1) {
    const t = performance.now();
    await call();
    latencies[i] = performance.now() - t;
  }
  const elapsedMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { latencies, elapsedMs, cpuUs: used.user + used.system };
}

async function concurrent(
  call: () => Promise<unknown>,
  total: number,
  width: number,
): Promise<{ latencies: number[]; elapsedMs: number }> {
  const latencies: number[] = [];
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (issued < total) {
        issued += 1;
        const t = performance.now();
        await call();
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies, elapsedMs: performance.now() - started };
}

interface Step {
  side: 'client' | 'server';
  step: string;
  usPerOp: number;
}

/**
 * µs per operation of the steps one request goes through, each timed alone in
 * a loop in this process, so the gaps between the paths above can be attributed.
 */
async function steps(): Promise<Step[]> {
  const contract = contracts[SUBJECT];
  const reply: HealthCheckReply = { service: 'feature-flags', status: 'up', uptimeSeconds: 12.5, checks: {} };
  const payload = {};
  const server = new InProcessServer(new InProcessBus());
  const noop = (): number => 1;
  const sync: [Step['side'], string, () => unknown][] = [
    [
      'client',
      "zod: request schema safeParse (the server's withContract does it again)",
      () => contract.request.safeParse(payload),
    ],
    ['client', 'zod: reply schema safeParse', () => contract.reply.safeParse(reply)],
    [
      'client',
      'JSON snapshot of the payload (JSON.parse(JSON.stringify))',
      () => JSON.parse(JSON.stringify(payload)),
    ],
    [
      'client',
      'NATS headers + NatsRecord',
      () => new NatsRecordBuilder(payload).setHeaders(natsHeaders()).build(),
    ],
    [
      'client',
      'prom-client: duration timer + request counter',
      () => {
        natsRequestDuration.startTimer({ service: 'bench-steps', subject: SUBJECT })();
        natsRequestsTotal.inc({ service: 'bench-steps', subject: SUBJECT, outcome: 'ok' });
      },
    ],
    [
      'server',
      'Nest getHandlerByPattern(subject): JSON.parse of a plain subject throws and is caught, every message',
      () =>
        (server as unknown as { getHandlerByPattern(pattern: string): unknown }).getHandlerByPattern(SUBJECT),
    ],
    [
      'server',
      `AsyncResource.bind (Nest 11: once per interceptor + once per message when a handler has any; the kit registers none since issue 13; Node ${process.versions.node})`,
      () => AsyncResource.bind(noop),
    ],
    ['server', 'AsyncLocalStorage request context (withContract)', () => RequestContext.run('bench', noop)],
  ];
  const results: Step[] = [];
  const iterations = 50_000;
  for (const [side, step, fn] of sync) {
    for (let i = 0; i < 5_000; i += 1) fn();
    const started = performance.now();
    for (let i = 0; i < iterations; i += 1) fn();
    results.push({ side, step, usPerOp: ((performance.now() - started) * 1000) / iterations });
  }
  // The rxjs pipeline ServiceClient wraps around Nest's observable (timeout, map, tap, catchError, firstValueFrom).
  const pipeline = (): Promise<unknown> =>
    firstValueFrom(
      of(reply).pipe(
        timeout({ first: 5000, each: 5000 }),
        map((value) => value),
        tap({ next: () => undefined, complete: () => undefined }),
        catchError((error: unknown) => throwError(() => error)),
      ),
    );
  for (let i = 0; i < 5_000; i += 1) await pipeline();
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) await pipeline();
  results.push({
    side: 'client',
    step: 'rxjs: timeout/map/tap/catchError + firstValueFrom around one value',
    usPerOp: ((performance.now() - started) * 1000) / iterations,
  });
  return results;
}

async function main(): Promise<void> {
  const n = argNumber('n', 2000);
  const rounds = argNumber('rounds', 8);
  const width = argNumber('concurrency', 16);
  const warmup = argNumber('warmup', 500);
  const seqPerRound = Math.ceil(n / rounds);
  const concPerRound = Math.ceil((2 * n) / rounds);
  const natsUrl = testNatsUrl();
  const prefix = `bench${randomBytes(4).toString('hex')}.`;
  const codec = JSONCodec();

  const responder = await startResponder({ ...baseEnv(), NATS_URL: natsUrl, NATS_SUBJECT_PREFIX: prefix });
  const closers: (() => Promise<unknown>)[] = [() => responder.stop()];
  try {
    // Client side over NATS: the kit, as a service calling another would.
    const natsEnv = {
      BACKTALK_MODE: 'cluster',
      NATS_URL: natsUrl,
      NATS_SUBJECT_PREFIX: prefix,
      LOG_LEVEL: 'warn',
    };
    @Module({
      imports: [ServiceKitModule.forService({ name: 'bench-caller', config: BaseConfig, env: natsEnv })],
    })
    class NatsCallerModule {}
    const natsCaller: INestApplicationContext = await NestFactory.createApplicationContext(NatsCallerModule, {
      logger: false,
    });
    closers.unshift(() => natsCaller.close());
    const natsClient = natsCaller.get(ServiceClient);
    const natsProxy = natsCaller.get<ClientProxy>(TRANSPORT_CLIENT);
    const raw: NatsConnection = await connect({ servers: natsUrl, name: 'bench-raw-client' });
    closers.unshift(() => raw.drain());

    // In-process: a kit service on the process bus (as standalone mode runs it) and a kit caller.
    const inProcessEnv = { BACKTALK_MODE: 'standalone', LOG_LEVEL: 'warn' };
    @Module({
      imports: [
        ServiceKitModule.forService({
          name: 'feature-flags',
          config: BaseConfig,
          healthSubject: SUBJECT,
          env: inProcessEnv,
        }),
      ],
    })
    class InProcessServiceModule {}
    const inProcessService: INestMicroservice = await NestFactory.createMicroservice(InProcessServiceModule, {
      strategy: new InProcessServer(processBus),
      bufferLogs: true,
    });
    inProcessService.useLogger(inProcessService.get(Logger));
    await inProcessService.listen();
    closers.unshift(() => inProcessService.close());
    @Module({
      imports: [ServiceKitModule.forService({ name: 'bench-caller', config: BaseConfig, env: inProcessEnv })],
    })
    class InProcessCallerModule {}
    const inProcessCaller = await NestFactory.createApplicationContext(InProcessCallerModule, {
      logger: false,
    });
    closers.unshift(() => inProcessCaller.close());
    const inProcessClient = inProcessCaller.get(ServiceClient);
    const inProcessProxy = inProcessCaller.get<ClientProxy>(TRANSPORT_CLIENT);

    // The bare bus: JSON out, JSON back, one setImmediate hop — the floor of the in-process transport.
    const bareBus = new InProcessBus();
    const startedAt = Date.now();
    bareBus.subscribe('raw.health.check', (message) => {
      JSON.parse(message.data);
      message.respond?.(
        JSON.stringify({
          service: 'feature-flags',
          status: 'up',
          uptimeSeconds: (Date.now() - startedAt) / 1000,
          checks: {},
        }),
      );
    });

    let packetId = 0;
    const variants: Variant[] = [
      {
        id: 'a',
        label: '(a) kit ServiceClient → kit service (DrainingNatsServer)',
        transport: 'NATS',
        remote: true,
        call: () => natsClient.request(SUBJECT, {}),
        valid: isUp,
      },
      {
        id: 'nest-client',
        label: "Nest's NATS ClientProxy.send (no kit client) → kit service",
        transport: 'NATS',
        remote: true,
        call: () => firstValueFrom(natsProxy.send(SUBJECT, {})),
        valid: isUp,
      },
      {
        id: 'raw-to-kit',
        label: 'raw nc.request with a Nest packet → kit service',
        transport: 'NATS',
        remote: true,
        call: async () =>
          codec.decode(
            (
              await raw.request(
                `${prefix}${SUBJECT}`,
                codec.encode({ pattern: SUBJECT, data: {}, id: String(++packetId) }),
              )
            ).data,
          ),
        valid: (reply) => isUp((reply as { response?: unknown }).response),
      },
      {
        id: 'raw-to-plain',
        label: 'raw nc.request with a Nest packet → plain Nest controller (no kit interceptors/filter)',
        transport: 'NATS',
        remote: true,
        call: async () =>
          codec.decode(
            (
              await raw.request(
                `${prefix}plain.${SUBJECT}`,
                codec.encode({ pattern: SUBJECT, data: {}, id: String(++packetId) }),
              )
            ).data,
          ),
        valid: (reply) => isUp((reply as { response?: unknown }).response),
      },
      {
        id: 'b',
        label: '(b) raw nc.request → raw nc.subscribe responder (JSONCodec) — baseline',
        transport: 'NATS',
        remote: true,
        call: async () =>
          codec.decode((await raw.request(`${prefix}raw.health.check`, codec.encode({}))).data),
        valid: isUp,
      },
      {
        id: 'c',
        label: '(c) kit ServiceClient → kit service (InProcessServer)',
        transport: 'in-process',
        remote: false,
        call: () => inProcessClient.request(SUBJECT, {}),
        valid: isUp,
      },
      {
        id: 'inproc-nest-client',
        label: "Nest ClientProxy.send on the kit's InProcessClient (no kit client) → kit service",
        transport: 'in-process',
        remote: false,
        call: () => firstValueFrom(inProcessProxy.send(SUBJECT, {})),
        valid: isUp,
      },
      {
        id: 'bare-bus',
        label: 'bare InProcessBus publish/respond, JSON both ways — in-process floor',
        transport: 'in-process',
        remote: false,
        call: () =>
          new Promise((resolve, reject) => {
            const delivered = bareBus.publish({
              subject: 'raw.health.check',
              data: JSON.stringify({}),
              respond: (data) => resolve(JSON.parse(data)),
            });
            if (!delivered) reject(new Error('no subscriber'));
          }),
        valid: isUp,
      },
    ];

    progress(
      `rtt: warming up ${variants.length} paths (${warmup} sequential + ${warmup} at concurrency ${width} each)`,
    );
    for (const variant of variants) {
      await sequential(variant.call, warmup);
      await concurrent(variant.call, warmup, width);
      const reply = await variant.call();
      if (!variant.valid(reply)) throw new Error(`${variant.label} answered ${JSON.stringify(reply)}`);
    }

    const samples = new Map<string, Samples>(
      variants.map((v) => [
        v.id,
        {
          seq: [],
          seqElapsedMs: 0,
          seqRounds: [],
          conc: [],
          concElapsedMs: 0,
          concRounds: [],
          clientCpuUs: 0,
          responderCpuUs: 0,
        },
      ]),
    );
    for (let round = 0; round < rounds; round += 1) {
      const order = variants.map((_, i) => variants[(i + round) % variants.length] as Variant);
      for (const variant of order) {
        const s = samples.get(variant.id) as Samples;
        const responderBefore = variant.remote ? await responder.cpuUs() : 0;
        const run = await sequential(variant.call, seqPerRound);
        if (variant.remote) s.responderCpuUs += (await responder.cpuUs()) - responderBefore;
        s.seq.push(...run.latencies);
        s.seqElapsedMs += run.elapsedMs;
        s.seqRounds.push(run.latencies.length / (run.elapsedMs / 1000));
        s.clientCpuUs += run.cpuUs;
      }
      for (const variant of order) {
        const s = samples.get(variant.id) as Samples;
        const run = await concurrent(variant.call, concPerRound, width);
        s.conc.push(...run.latencies);
        s.concElapsedMs += run.elapsedMs;
        s.concRounds.push(run.latencies.length / (run.elapsedMs / 1000));
      }
      progress(`rtt: round ${round + 1}/${rounds} done`);
    }

    progress('rtt: timing the steps one by one');
    const stepTimes = await steps();

    const rows = variants.map((variant) => {
      const s = samples.get(variant.id) as Samples;
      return {
        id: variant.id,
        label: variant.label,
        transport: variant.transport,
        sequential: {
          n: s.seq.length,
          p50Us: percentile(s.seq, 50) * 1000,
          p99Us: percentile(s.seq, 99) * 1000,
          perSecond: median(s.seqRounds),
          perSecondRounds: s.seqRounds,
          perSecondPooled: s.seq.length / (s.seqElapsedMs / 1000),
          clientCpuUsPerRequest: s.clientCpuUs / s.seq.length,
          responderCpuUsPerRequest: variant.remote ? s.responderCpuUs / s.seq.length : undefined,
        },
        concurrent: {
          n: s.conc.length,
          width,
          p50Us: percentile(s.conc, 50) * 1000,
          p99Us: percentile(s.conc, 99) * 1000,
          perSecond: median(s.concRounds),
          perSecondRounds: s.concRounds,
          perSecondPooled: s.conc.length / (s.concElapsedMs / 1000),
        },
      };
    });
    const result = {
      n,
      rounds,
      warmup,
      concurrency: width,
      subject: SUBJECT,
      prefix,
      paths: rows,
      steps: stepTimes,
    };
    writeJsonResult(result);

    const byId = (id: string) => rows.find((r) => r.id === id)!;
    const b = byId('b');
    const a = byId('a');
    const c = byId('c');
    const latencyTable = table(
      [
        'path',
        'p50 µs',
        'p99 µs',
        'sequential req/s: median of rounds (min – max)',
        `c=${width} req/s: median of rounds (min – max)`,
        `c=${width} p50 / p99 µs`,
        'p50 vs (b)',
        'c=16 req/s vs (b)',
      ],
      rows.map((r) => [
        `${r.transport}: ${r.label}`,
        fmt(r.sequential.p50Us, 0),
        fmt(r.sequential.p99Us, 0),
        `${fmt(r.sequential.perSecond, 0)} (${fmt(Math.min(...r.sequential.perSecondRounds), 0)} – ${fmt(Math.max(...r.sequential.perSecondRounds), 0)})`,
        `${fmt(r.concurrent.perSecond, 0)} (${fmt(Math.min(...r.concurrent.perSecondRounds), 0)} – ${fmt(Math.max(...r.concurrent.perSecondRounds), 0)})`,
        `${fmt(r.concurrent.p50Us, 0)} / ${fmt(r.concurrent.p99Us, 0)}`,
        `${fmt(r.sequential.p50Us / b.sequential.p50Us, 2)}×`,
        `${fmt(r.concurrent.perSecond / b.concurrent.perSecond, 2)}×`,
      ]),
    );
    const cpuTable = table(
      ['path', 'client CPU µs/request', 'responder CPU µs/request'],
      rows.map((r) => [
        `${r.transport}: ${r.label}`,
        fmt(r.sequential.clientCpuUsPerRequest, 0),
        r.sequential.responderCpuUsPerRequest === undefined
          ? '— (same process)'
          : fmt(r.sequential.responderCpuUsPerRequest, 0),
      ]),
    );
    const stepsTable = table(
      ['side', 'step (timed alone, in a loop)', 'µs/op'],
      stepTimes.map((s) => [s.side, s.step, fmt(s.usPerOp, 2)]),
    );
    process.stdout.write(
      `${latencyTable}\n\n` +
        `Sequential: ${rows[0]!.sequential.n} requests per path; concurrency ${width}: ${rows[0]!.concurrent.n} per path; ` +
        `after ${warmup} + ${warmup} warm-up requests; ${rounds} interleaved rounds. ` +
        `Kit overhead over NATS, (a)/(b): p50 ${fmt(a.sequential.p50Us / b.sequential.p50Us, 2)}×, ` +
        `p99 ${fmt(a.sequential.p99Us / b.sequential.p99Us, 2)}×, sequential throughput ${fmt(b.sequential.perSecond / a.sequential.perSecond, 2)}× lower, ` +
        `concurrency-${width} throughput ${fmt(b.concurrent.perSecond / a.concurrent.perSecond, 2)}× lower. ` +
        `Over NATS, (a) takes ${fmt(a.sequential.p50Us / c.sequential.p50Us, 1)}× the p50 of in-process (c).\n\n` +
        `CPU per request, sequential phase (process.cpuUsage, user + system; the NATS server's own CPU is not included):\n\n${cpuTable}\n\n` +
        `${stepsTable}\n`,
    );
  } finally {
    for (const close of closers) await close().catch(() => undefined);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`rtt benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
