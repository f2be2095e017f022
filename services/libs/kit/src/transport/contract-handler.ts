import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { NatsContext } from '@nestjs/microservices';
import { contractFor, eventContracts } from '@backtalk/proto';
import { Observable } from 'rxjs';
import type { z } from 'zod';
import { ValidationError } from '../errors/service-error';
import { describeZodIssues } from '../errors/zod-issues';
import { REQUEST_ID_HEADER, RequestContext } from '../logging/request-context';

/**
 * Runs around every NATS handler: validates the payload against the subject's
 * `proto/` schema (a bad payload becomes a typed VALIDATION_FAILED error, never
 * a crash), hands the handler the parsed value, and restores the caller's
 * request id for logs and onward calls.
 */
@Injectable()
export class ContractInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const patterns = Reflect.getMetadata(PATTERN_METADATA, context.getHandler()) as unknown[] | undefined;
    const subject = String(patterns?.[0] ?? '');
    const schema: z.ZodType | undefined =
      contractFor(subject)?.request ?? (eventContracts as Record<string, z.ZodType>)[subject];
    if (!schema) throw new ValidationError(`No contract for ${subject}`);
    const args = context.getArgs();
    const parsed = schema.safeParse(args[0]);
    if (!parsed.success) throw new ValidationError(describeZodIssues(parsed.error), parsed.error.issues);
    // The handler's @Payload() reads this same array, so it receives the parsed value.
    args[0] = parsed.data;
    const natsContext = context.switchToRpc().getContext<NatsContext | undefined>();
    const headers = natsContext?.getHeaders?.() as { get(key: string): string } | undefined;
    const requestId = headers?.get(REQUEST_ID_HEADER) || undefined;
    return new Observable((subscriber) =>
      RequestContext.run(requestId, () => next.handle().subscribe(subscriber)),
    );
  }
}
