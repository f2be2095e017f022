import { DynamicModule, Global, Module } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { PrefixedNatsClient } from './prefixed-nats.client';
import { BaseConfig } from '../config/service-config';
import { InProcessClient } from './in-process.client';
import { natsCredentials, natsInboxPrefix } from './nats-permissions';
import { processBus } from './in-process.bus';
import { ServiceClient } from './service-client';
import { SERVICE_NAME, TRANSPORT_CLIENT } from './transport.tokens';

export function createTransportClient(config: BaseConfig, service: string): ClientProxy {
  if (config.BACKTALK_MODE === 'standalone') return new InProcessClient(processBus);
  return new PrefixedNatsClient(
    {
      servers: config.NATS_URL,
      name: `${service}-client`,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      ...natsCredentials(config),
      // Replies come to inboxes under this service's name, which only it may read.
      inboxPrefix: natsInboxPrefix(service),
    },
    config.NATS_SUBJECT_PREFIX,
  ) as unknown as ClientProxy;
}

@Global()
@Module({})
export class TransportModule {
  static forService(service: string): DynamicModule {
    return {
      module: TransportModule,
      providers: [
        { provide: SERVICE_NAME, useValue: service },
        {
          provide: TRANSPORT_CLIENT,
          inject: [BaseConfig],
          useFactory: (config: BaseConfig) => createTransportClient(config, service),
        },
        ServiceClient,
      ],
      exports: [SERVICE_NAME, TRANSPORT_CLIENT, ServiceClient],
    };
  }
}
