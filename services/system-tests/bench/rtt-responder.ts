/**
 * The serving half of rtt.bench.ts, in a process of its own. Under the
 * NATS_SUBJECT_PREFIX it is given, it answers `feature-flags.health.check`
 * three ways on one NATS server:
 *  - `<prefix>feature-flags.health.check`: the kit as a real service runs it —
 *    ServiceKitModule (ServiceErrorFilter, metrics, request context) and its
 *    health controller, served by DrainingNatsServer (which checks each payload
 *    against its contract);
 *  - `<prefix>plain.feature-flags.health.check`: a plain Nest controller on the
 *    same DrainingNatsServer, without the kit's module (no filter);
 *  - `<prefix>raw.health.check`: a raw `nats` subscription with JSONCodec.
 * All three reply with the same health report. Protocol on stdin/stdout:
 * it prints `@@ready`, answers `cpu` with `@@cpu {"user":µs,"system":µs}`,
 * and exits on `quit`.
 */
import 'reflect-metadata';
import { BaseConfig, DrainingNatsServer, ServiceKitModule } from '@backtalk/kit';
import { type HealthCheckReply, Subjects } from '@backtalk/proto';
import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { connect, JSONCodec } from 'nats';
import { Logger } from 'nestjs-pino';
import { createInterface } from 'node:readline';

const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const prefix = process.env.NATS_SUBJECT_PREFIX ?? '';
const startedAt = Date.now();
const report = (): HealthCheckReply => ({
  service: 'feature-flags',
  status: 'up',
  uptimeSeconds: (Date.now() - startedAt) / 1000,
  checks: {},
});

@Controller()
class PlainHealthController {
  @MessagePattern(Subjects.FeatureFlagsHealthCheck)
  async check(): Promise<HealthCheckReply> {
    return report();
  }
}

@Module({ controllers: [PlainHealthController] })
class PlainModule {}

@Module({
  imports: [
    ServiceKitModule.forService({
      name: 'feature-flags',
      config: BaseConfig,
      healthSubject: Subjects.FeatureFlagsHealthCheck,
      env: { ...process.env, BACKTALK_MODE: 'cluster', NATS_URL: natsUrl, NATS_SUBJECT_PREFIX: prefix },
    }),
  ],
})
class KitModule {}

async function main(): Promise<void> {
  const servers: INestMicroservice[] = [];
  // As startClusterService does: Nest's logs through the kit's pino logger (the plain module has none).
  const serve = async (module: unknown, subjectPrefix: string, kit: boolean): Promise<void> => {
    const app = await NestFactory.createMicroservice(module as never, {
      strategy: new DrainingNatsServer({
        servers: natsUrl,
        queue: 'feature-flags',
        subjectPrefix,
        name: 'bench-responder',
      }),
      ...(kit ? { bufferLogs: true } : { logger: false }),
    });
    if (kit) app.useLogger(app.get(Logger));
    await app.listen();
    servers.push(app);
  };
  await serve(KitModule, prefix, true);
  await serve(PlainModule, `${prefix}plain.`, false);

  const codec = JSONCodec();
  const raw = await connect({ servers: natsUrl, name: 'bench-raw-responder' });
  raw.subscribe(`${prefix}raw.health.check`, {
    queue: 'raw',
    callback: (error, message) => {
      if (error) return;
      codec.decode(message.data);
      message.respond(codec.encode(report()));
    },
  });
  await raw.flush();

  process.stdout.write('@@ready\n');
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line === 'cpu') process.stdout.write(`@@cpu ${JSON.stringify(process.cpuUsage())}\n`);
    if (line === 'quit') {
      void (async () => {
        await raw.drain();
        for (const app of servers) await app.close();
        process.exit(0);
      })();
    }
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`rtt responder failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
