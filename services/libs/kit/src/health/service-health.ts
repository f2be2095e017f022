import { Injectable, Optional } from '@nestjs/common';
import type { HealthCheckReply } from '@backtalk/proto';
import { DataSource } from 'typeorm';

const startedAt = Date.now();

/** What this service reports about itself, over NATS and on its probes. */
@Injectable()
export class ServiceHealth {
  constructor(
    private readonly service: string,
    @Optional() private readonly dataSource?: DataSource,
  ) {}

  async report(): Promise<HealthCheckReply> {
    const checks: Record<string, 'up' | 'down'> = {};
    if (this.dataSource) checks.database = (await this.databaseUp()) ? 'up' : 'down';
    const status = Object.values(checks).every((check) => check === 'up') ? 'up' : 'down';
    return { service: this.service, status, uptimeSeconds: (Date.now() - startedAt) / 1000, checks };
  }

  private async databaseUp(): Promise<boolean> {
    try {
      await this.dataSource?.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }
}
