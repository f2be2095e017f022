import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  HealthCheckService,
  type HealthCheckResult,
  type HealthIndicatorFunction,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import type { HealthCheckReply } from '@backtalk/proto';
import { SERVICE_NAME } from '../transport/transport.tokens';

export const HEALTH_HAS_DATABASE = Symbol('backtalk:health-has-database');
const startedAt = Date.now();

/** What this service reports about itself, over NATS and on its probes, through terminus. */
@Injectable()
export class ServiceHealth {
  private readonly indicators: HealthIndicatorFunction[];

  constructor(
    private readonly health: HealthCheckService,
    database: TypeOrmHealthIndicator,
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(HEALTH_HAS_DATABASE) hasDatabase: boolean,
  ) {
    const ping = () => database.pingCheck('database', { timeout: 1500 });
    // A pooled connection the server closed while it sat idle fails one ping even though the
    // database is up again; the pool drops it, so a second ping on a fresh connection decides.
    this.indicators = hasDatabase
      ? [
          async () => {
            const first = await ping();
            return first['database']?.status === 'up' ? first : ping();
          },
        ]
      : [];
  }

  async report(): Promise<HealthCheckReply> {
    const result = await this.health.check(this.indicators).catch((error: unknown) => {
      // terminus throws 503 with the full result when an indicator is down.
      if (error instanceof ServiceUnavailableException) return error.getResponse() as HealthCheckResult;
      throw error;
    });
    const checks = Object.fromEntries(
      Object.entries(result.details).map(
        ([name, detail]) => [name, detail.status === 'up' ? 'up' : 'down'] as const,
      ),
    );
    return {
      service: this.service,
      status: result.status === 'ok' ? 'up' : 'down',
      uptimeSeconds: (Date.now() - startedAt) / 1000,
      checks,
    };
  }
}
