import { type INestApplicationContext, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { billingService } from '@backtalk/billing';
import { BaseConfig, DurableQueueModule, ServiceKitModule } from '@backtalk/kit';

/**
 * An application with the kit and the durable queue for the durable-queue tests: billing (its
 * schema holds the standalone queue) with the test's consumers, or the gateway as a publisher.
 */
export function startDurableApp(
  service: 'billing' | 'gateway',
  env: Record<string, string>,
  consumers: Type[] = [],
): Promise<INestApplicationContext> {
  @Module({
    imports: [
      ServiceKitModule.forService({
        name: service,
        config: BaseConfig,
        env,
        ...(service === 'billing' ? { database: billingService.database } : {}),
      }),
      DurableQueueModule.forService(),
    ],
    providers: service === 'billing' ? consumers : [],
  })
  class ServiceModule {}
  return NestFactory.createApplicationContext(ServiceModule, { logger: false });
}
