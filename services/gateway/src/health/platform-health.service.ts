import { Injectable } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { backendServiceNames, healthSubjectFor, type ServiceName } from '@backtalk/proto';
import { GatewayConfig } from '../gateway.config';

export type ServiceStatus = 'up' | 'down';
export interface PlatformHealth {
  status: 'ok' | 'degraded';
  services: Record<ServiceName, ServiceStatus>;
  down: ServiceName[];
}

/** Asks every service for its health over the transport, all at once. */
@Injectable()
export class PlatformHealthService {
  constructor(
    private readonly client: ServiceClient,
    private readonly config: GatewayConfig,
  ) {}

  async check(): Promise<PlatformHealth> {
    const results = await Promise.all(
      backendServiceNames.map(
        async (name) => [name, await this.probe(name as Exclude<ServiceName, 'gateway'>)] as const,
      ),
    );
    const services = { gateway: 'up', ...Object.fromEntries(results) } as Record<ServiceName, ServiceStatus>;
    const down = results.filter(([, status]) => status === 'down').map(([name]) => name);
    return { status: down.length ? 'degraded' : 'ok', services, down };
  }

  private async probe(name: Exclude<ServiceName, 'gateway'>): Promise<ServiceStatus> {
    try {
      const reply = await this.client.request(healthSubjectFor[name], {}, this.config.HEALTH_TIMEOUT_MS);
      return reply.status;
    } catch {
      return 'down';
    }
  }
}
