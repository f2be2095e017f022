import { DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule } from '@backtalk/kit';
import { gatewayConfigSchema } from './gateway.config';
import { PlatformHealthController } from './health/platform-health.controller';
import { PlatformHealthService } from './health/platform-health.service';

@Module({})
export class GatewayModule {
  static register(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: GatewayModule,
      imports: [ServiceKitModule.forService({ name: 'gateway', config: gatewayConfigSchema, env })],
      controllers: [PlatformHealthController],
      providers: [PlatformHealthService],
    };
  }
}
