import { Controller, Get, HttpCode, ServiceUnavailableException, Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { HealthCheckReply, Subject } from '@backtalk/proto';
import { Public } from '../http/public-route';
import { ServiceHealth } from './service-health';

/** Liveness and readiness probes over HTTP (Kubernetes), beside /metrics. */
@Public()
@Controller('health')
export class HealthHttpController {
  constructor(private readonly health: ServiceHealth) {}

  @Get('live')
  @HttpCode(200)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(): Promise<HealthCheckReply> {
    const report = await this.health.report();
    if (report.status !== 'up') throw new ServiceUnavailableException(report);
    return report;
  }
}

/** The `<service>.health.check` handler, one class per subject. */
export function createHealthRpcController(subject: Subject): Type<unknown> {
  @Controller()
  class HealthRpcController {
    constructor(private readonly health: ServiceHealth) {}

    @MessagePattern(subject)
    check(): Promise<HealthCheckReply> {
      return this.health.report();
    }
  }
  return HealthRpcController;
}
