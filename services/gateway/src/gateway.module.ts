import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD, APP_PIPE } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { CONFIG, ServiceKitModule, ValidationError, describeZodIssues } from '@backtalk/kit';
import { createZodValidationPipe } from 'nestjs-zod';
import type { ZodError } from 'zod';
import { AuthController } from './auth/auth.controller';
import { AuthModule } from './auth/auth.module';
import { ConversationsController } from './chat/conversations.controller';
import { CreatorsController } from './creators/creators.controller';
import { type GatewayConfig, gatewayConfigSchema } from './gateway.config';
import { PlatformHealthController } from './health/platform-health.controller';
import { PlatformHealthService } from './health/platform-health.service';

/** Bad HTTP input becomes VALIDATION_FAILED (400) with a message naming the field. */
const ValidationPipe = createZodValidationPipe({
  createValidationException: (error: unknown) => new ValidationError(describeZodIssues(error as ZodError)),
});

@Module({})
export class GatewayModule {
  static register(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        ServiceKitModule.forService({ name: 'gateway', config: gatewayConfigSchema, env }),
        ThrottlerModule.forRootAsync({
          inject: [CONFIG],
          useFactory: (config: GatewayConfig) => [
            { name: 'default', ttl: 60_000, limit: config.THROTTLE_PER_MINUTE },
            {
              name: 'guest-creation',
              ttl: 60_000,
              limit: config.GUEST_CREATIONS_PER_MINUTE,
              skipIf: (context) => context.getHandler() !== AuthController.prototype.createGuest,
            },
          ],
        }),
        AuthModule,
      ],
      controllers: [PlatformHealthController, CreatorsController, ConversationsController],
      providers: [
        PlatformHealthService,
        { provide: APP_GUARD, useClass: ThrottlerGuard },
        { provide: APP_PIPE, useClass: ValidationPipe },
      ],
    };
  }
}
