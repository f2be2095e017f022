/**
 * Where the CPU of one in-process kit round trip goes (path (c) of
 * rtt.bench.ts: ServiceClient → InProcessServer → the kit's health handler):
 * a V8 CPU profile of the measured loop only (warm-up and Nest start-up
 * excluded), summarised as inclusive time of the frames that matter.
 * Run from the repository root after `npm run build`:
 *
 *   node -r ./services/libs/testing/swc-register.cjs services/system-tests/bench/profile-inprocess.ts [--n 20000] [--cpuprofile out.cpuprofile]
 */
import 'reflect-metadata';
import { BaseConfig, InProcessServer, processBus, ServiceClient, ServiceKitModule } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import fs from 'node:fs';
import { Session } from 'node:inspector';
import { argNumber, argValue, fmt, progress, table } from './lib/stats';

const SUBJECT = Subjects.FeatureFlagsHealthCheck;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** What to look for: a label and a test on "function url:line". */
const frames: [string, RegExp][] = [
  [
    'AsyncResource.bind, all callers (Nest 11 binds once per interceptor + once per message)',
    /^bind node:async_hooks/,
  ],
  ['  of which Node’s DEP0172 deprecation wrappers (util.deprecate)', /^deprecate node:internal\/util/],
  [
    'HttpMetricsInterceptor.intercept: a pass-through for RPC (incl. the bind its next.handle() costs)',
    /^intercept .*http-metrics\.interceptor/,
  ],
  ['withContract, own work (zod request parse, request context)', /^contracted .*contract-handler/],
  [
    'Nest getHandlerByPattern (JSON.parse of the subject throws)',
    /^getHandlerByPattern .*microservices\/server\/server\.js/,
  ],
  ['zod, all parses (client and server)', /zod\//],
  ['ServiceClient.stream (client: validation, record, rxjs pipeline set-up)', /^stream .*service-client\.js/],
  ['prom-client', /prom-client\//],
  ['garbage collector', /^\(garbage collector\)/],
];

async function main(): Promise<void> {
  const n = argNumber('n', 20_000);
  const env = { BACKTALK_MODE: 'standalone', LOG_LEVEL: 'warn' };
  @Module({
    imports: [
      ServiceKitModule.forService({
        name: 'feature-flags',
        config: BaseConfig,
        healthSubject: SUBJECT,
        env,
      }),
    ],
  })
  class ServiceModule {}
  const service = await NestFactory.createMicroservice(ServiceModule, {
    strategy: new InProcessServer(processBus),
    logger: false,
  });
  await service.listen();
  @Module({ imports: [ServiceKitModule.forService({ name: 'bench-caller', config: BaseConfig, env })] })
  class CallerModule {}
  const caller = await NestFactory.createApplicationContext(CallerModule, { logger: false });
  const client = caller.get(ServiceClient);
  for (let i = 0; i < 2000; i += 1) await client.request(SUBJECT, {});

  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object): Promise<T> =>
    new Promise((resolve, reject) =>
      session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 250 });
  await post('Profiler.start');
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i += 1) await client.request(SUBJECT, {});
  const used = process.cpuUsage(cpu);
  const elapsedMs = performance.now() - started;
  const { profile } = await post<{ profile: Profile }>('Profiler.stop');
  session.disconnect();
  const out = argValue('cpuprofile', '');
  if (out) fs.writeFileSync(out, JSON.stringify(profile));

  // Inclusive time per frame, counting each frame once per stack (no double counting on recursion).
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self]
    .filter(([id]) => /^\((idle|program)\)/.test(byId.get(id)?.callFrame.functionName ?? ''))
    .reduce((a, [, t]) => a + t, 0);
  const inclusive = new Array<number>(frames.length).fill(0);
  const walk = (id: number, inside: boolean[]): number => {
    const node = byId.get(id) as ProfileNode;
    const key = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url}:${node.callFrame.lineNumber}`;
    const matches = frames.map(([, pattern], i) => !inside[i] && pattern.test(key));
    const nested = inside.map((flag, i) => flag || (matches[i] as boolean));
    let time = self.get(id) ?? 0;
    for (const child of node.children ?? []) time += walk(child, nested);
    matches.forEach((matched, i) => {
      if (matched) inclusive[i] = (inclusive[i] as number) + time;
    });
    return time;
  };
  walk(
    profile.nodes[0]!.id,
    frames.map(() => false),
  );
  const busy = total - idle;
  progress(`profiled ${n} requests`);
  process.stdout.write(
    `${n} sequential in-process kit requests: ${fmt((elapsedMs * 1000) / n, 1)} µs wall and ` +
      `${fmt((used.user + used.system) / n, 1)} µs CPU each (under the profiler, sampling every 250 µs). ` +
      `Inclusive time of selected frames (rows overlap: a bind inside an interceptor counts in both):\n\n` +
      `${table(
        ['frame (inclusive)', 'share of busy CPU samples', 'µs per request'],
        frames.map(([label], i) => [
          label,
          `${fmt((100 * (inclusive[i] as number)) / busy, 1)} %`,
          fmt((inclusive[i] as number) / n, 1),
        ]),
      )}\n`,
  );
  await caller.close();
  await service.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`profile failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
