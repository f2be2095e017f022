import { Controller, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Actor, type ConfigShowReply, ErrorCode, isAdmin, type Subject } from '@backtalk/proto';
import type { z } from 'zod';
import { ServiceError } from '../errors/service-error';
import { shownConfigVariables } from './load-config';
import type { ConfigClass } from './service-config';

/** Only admins see a service's configuration, even with its secrets masked. */
export function assertMayShowConfig(actor: { groups: readonly string[] }): void {
  if (!isAdmin(actor)) {
    throw new ServiceError(ErrorCode.Forbidden, 'Only admins can see the configuration.');
  }
}

/** The `<service>.config.show` handler: this service's configuration, secrets masked. */
export function createConfigShowRpcController<S extends z.ZodObject>(
  subject: Subject,
  service: string,
  configClass: ConfigClass<S>,
): Type<unknown> {
  @Controller()
  class ConfigShowRpcController {
    constructor(private readonly config: InstanceType<ConfigClass<S>>) {}

    @MessagePattern(subject)
    show(@Payload() { actor }: { actor: Actor }): ConfigShowReply {
      assertMayShowConfig(actor);
      return {
        service,
        variables: shownConfigVariables(configClass.schema, this.config as z.output<S>),
      };
    }
  }
  // Nest injects by the parameter's type; the config class is known only here.
  Reflect.defineMetadata('design:paramtypes', [configClass], ConfigShowRpcController);
  return ConfigShowRpcController;
}
