import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type ModuleMetadata,
  type Provider,
  type Type,
} from '@nestjs/common';
import { DurableHandler, type DurableHandlerOf } from '../transport/durable-queue';
import { Clock } from './clock';
import { RETENTION_ACCOUNT_DELETED, RETENTION_PLAN, RetentionJob } from './retention-job';
import type { AccountDeletedSubject, RetentionPlan } from './retention-plan';

export interface RetentionModuleOptions {
  /** The service's plan: its steps and what it does with a deleted account. */
  plan: Type<RetentionPlan>;
  /** The durable subject the service takes deleted accounts from (a plan with accountDeletion). */
  accountDeleted?: AccountDeletedSubject;
  /** What the plan (and the service's other retention providers) need. */
  imports?: ModuleMetadata['imports'];
  providers?: Provider[];
  controllers?: ModuleMetadata['controllers'];
}

/**
 * A service's retention (docs/retention.md): the kit's RetentionJob running the service's plan
 * at start and hourly, the Clock it reads (one per application; tests move it), and the durable
 * consumer of the service's `<service>.account.deleted`. The service's DurableQueueModule finds
 * the consumer.
 */
@Module({})
export class RetentionModule {
  static forService(options: RetentionModuleOptions): DynamicModule {
    return {
      module: RetentionModule,
      imports: options.imports ?? [],
      controllers: options.controllers ?? [],
      providers: [
        Clock,
        ...(options.providers ?? []),
        options.plan,
        { provide: RETENTION_PLAN, useExisting: options.plan },
        { provide: RETENTION_ACCOUNT_DELETED, useValue: options.accountDeleted ?? null },
        RetentionJob,
        ...(options.accountDeleted ? [accountDeletedConsumer(options.accountDeleted)] : []),
      ],
      exports: [Clock, RetentionJob],
    };
  }
}

function accountDeletedConsumer(subject: AccountDeletedSubject): Type<unknown> {
  @Injectable()
  class AccountDeletedConsumer {
    constructor(@Inject(RetentionJob) private readonly job: RetentionJob) {}

    @DurableHandler(subject)
    accountDeleted(...[deleted]: Parameters<DurableHandlerOf<typeof subject>>): Promise<void> {
      return this.job.accountDeleted(deleted);
    }
  }
  return AccountDeletedConsumer;
}
