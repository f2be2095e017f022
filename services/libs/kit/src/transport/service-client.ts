import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import {
  ErrorCode,
  type EventName,
  type EventPayloadOf,
  type ReplyOf,
  type RequestOf,
  type Subject,
  contracts,
  eventContracts,
} from '@backtalk/proto';
import { headers as natsHeaders } from 'nats';
import {
  Observable,
  TimeoutError,
  catchError,
  firstValueFrom,
  lastValueFrom,
  map,
  take,
  tap,
  throwError,
} from 'rxjs';
import type { z } from 'zod';
import { BaseConfig } from '../config/service-config';
import { InternalFailure, ServiceError, ServiceTimeoutError, ValidationError } from '../errors/service-error';
import { describeZodIssues } from '../errors/zod-issues';
import { REQUEST_ID_HEADER, RequestContext } from '../logging/request-context';
import { natsRequestDuration, natsRequestsTotal } from '../metrics/metrics';
import { idleTimeout } from './idle-timeout';
import { SERVICE_NAME, TRANSPORT_CLIENT } from './transport.tokens';

/** NO_MESSAGE_HANDLER from Nest: the service is up but does not handle this subject. */
const NO_HANDLER_TEXT = 'There is no matching message handler';
/** Nest's EmptyResponseException: nobody subscribes to the subject (the service is down). */
const NO_RESPONDERS_TEXT = 'There are no subscribers listening';

export interface StreamTimeouts {
  /** How long to wait for the first value. */
  firstMs?: number;
  /** How long to wait between values after the first. */
  eachMs?: number;
}

/**
 * The one way a service calls another: typed by `proto/`, validated on the way
 * out and on the way back, with a timeout, the request id in the headers, and
 * errors turned into ServiceError. The same code runs over NATS and in-process.
 */
@Injectable()
export class ServiceClient implements OnApplicationShutdown {
  private readonly logger = new Logger(ServiceClient.name);

  constructor(
    @Inject(TRANSPORT_CLIENT) private readonly proxy: ClientProxy,
    private readonly config: BaseConfig,
    @Inject(SERVICE_NAME) private readonly caller: string,
  ) {}

  request<S extends Subject>(subject: S, payload: RequestOf<S>, timeoutMs?: number): Promise<ReplyOf<S>> {
    const limit = timeoutMs ?? this.config.REQUEST_TIMEOUT_MS;
    // The reply is the first value; taking it inside the instrumented pipeline
    // completes it there, so the call is counted as "ok" (an outer firstValueFrom
    // would unsubscribe before completion and the success would never be counted).
    return lastValueFrom(this.call(subject, payload, { firstMs: limit, eachMs: limit }, true));
  }

  stream<S extends Subject>(
    subject: S,
    payload: RequestOf<S>,
    timeouts: StreamTimeouts = {},
  ): Observable<ReplyOf<S>> {
    return this.call(subject, payload, timeouts, false);
  }

  private call<S extends Subject>(
    subject: S,
    payload: RequestOf<S>,
    timeouts: StreamTimeouts,
    single: boolean,
  ): Observable<ReplyOf<S>> {
    const contract = contracts[subject];
    const target = subject.split('.')[0] ?? subject;
    const checked = contract.request.safeParse(payload);
    if (!checked.success) {
      return throwError(() => new ValidationError(describeZodIssues(checked.error), checked.error.issues));
    }
    const first = timeouts.firstMs ?? this.config.REQUEST_TIMEOUT_MS;
    const each = timeouts.eachMs ?? first;
    const stopTimer = natsRequestDuration.startTimer({ service: this.caller, subject });
    let answered = false;
    const outcome = (value: string): void => {
      natsRequestsTotal.inc({ service: this.caller, subject, outcome: value });
    };
    return this.proxy.send<unknown>(subject, this.record(payload)).pipe(
      idleTimeout<unknown>(first, each),
      map((value) => parseReply(contract.reply, value, target, subject) as ReplyOf<S>),
      single ? take(1) : (values$) => values$,
      tap({
        next: () => {
          if (!answered) stopTimer();
          answered = true;
        },
        complete: () => outcome('ok'),
      }),
      catchError((error: unknown) => {
        const failure = this.toServiceError(error, target, answered ? each : first);
        outcome(failure.code);
        return throwError(() => failure);
      }),
    );
  }

  async emit<E extends EventName>(event: E, payload: EventPayloadOf<E>): Promise<void> {
    const checked = eventContracts[event].safeParse(payload);
    if (!checked.success) throw new ValidationError(describeZodIssues(checked.error), checked.error.issues);
    await firstValueFrom(this.proxy.emit(event, this.record(payload)), { defaultValue: undefined });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }

  private record(payload: unknown) {
    const headers = natsHeaders();
    const requestId = RequestContext.requestId();
    if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
    // Serialised now, as the wire would: later changes to the caller's object cannot leak in.
    const snapshot: unknown = JSON.parse(JSON.stringify(payload));
    return new NatsRecordBuilder(snapshot).setHeaders(headers).build();
  }

  private toServiceError(error: unknown, target: string, waitedMs: number): ServiceError {
    if (error instanceof ServiceError) return error;
    if (error instanceof TimeoutError) return new ServiceTimeoutError(target, waitedMs);
    if (error instanceof Error && error.message.includes(NO_RESPONDERS_TEXT)) {
      return new InternalFailure(ErrorCode.ServiceUnavailable, `${target} is unavailable`, target);
    }
    if (typeof error === 'string' && error.startsWith(NO_HANDLER_TEXT)) {
      return new InternalFailure(
        ErrorCode.ServiceUnavailable,
        `${target} does not handle this request`,
        target,
      );
    }
    const failure = ServiceError.from(error, target);
    if (failure.code === ErrorCode.Internal && !(error && typeof error === 'object' && 'code' in error)) {
      this.logger.warn(`Transport error calling ${target}: ${failure.message}`);
    }
    return failure;
  }
}

function parseReply(schema: z.ZodType, value: unknown, target: string, subject: string): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new InternalFailure(
    ErrorCode.Internal,
    `${target} sent an invalid reply to ${subject}: ${describeZodIssues(parsed.error)}`,
    target,
  );
}
