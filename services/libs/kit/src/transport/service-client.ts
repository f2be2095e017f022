import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder, type WritePacket } from '@nestjs/microservices';
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
import { Observable, firstValueFrom } from 'rxjs';
import { BaseConfig } from '../config/service-config';
import { InternalFailure, ServiceError, ServiceTimeoutError, ValidationError } from '../errors/service-error';
import { describeZodIssues } from '../errors/zod-issues';
import { REQUEST_ID_HEADER, RequestContext } from '../logging/request-context';
import { natsRequestDuration, natsRequestsTotal } from '../metrics/metrics';
import { type Due, streamDeadlines } from '../timing/deadline-wheel';
import { quickStreamChecks } from './stream-value-check';
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

/** Receives a streamed reply value by value (ServiceClient.open). */
export interface StreamSink<T> {
  next(value: T): void;
  /** The call failed (a timeout, nobody serving it, the callee's own error); nothing follows. */
  error(error: ServiceError): void;
  complete(): void;
}

/** An open call; `cancel()` stops listening, and nothing more reaches its sink. */
export interface StreamCall {
  cancel(): void;
}

/**
 * A transport client that hands each reply packet of a request to a callback (both of the kit's
 * clients): what Nest's `send()` wraps in an Observable, a deferred connect and a mergeMap per call.
 */
export interface PacketSender {
  sendPacket(pattern: string, data: unknown, onPacket: (packet: WritePacket) => void): () => void;
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
    @Inject(TRANSPORT_CLIENT) private readonly proxy: ClientProxy & PacketSender,
    private readonly config: BaseConfig,
    /** The calling service, as the call metrics label it. */
    @Inject(SERVICE_NAME) readonly caller: string,
  ) {}

  request<S extends Subject>(subject: S, payload: RequestOf<S>, timeoutMs?: number): Promise<ReplyOf<S>> {
    const limit = timeoutMs ?? this.config.REQUEST_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
      // The reply is the first value; the call then completes and is counted as "ok".
      this.start(subject, payload, { next: resolve, error: reject, complete: noop }, limit, limit, true);
    });
  }

  /** A streamed reply as an Observable (for callers that compose it; the gateway uses open()). */
  stream<S extends Subject>(
    subject: S,
    payload: RequestOf<S>,
    timeouts: StreamTimeouts = {},
  ): Observable<ReplyOf<S>> {
    return new Observable<ReplyOf<S>>((subscriber) => {
      const call = this.open(subject, payload, subscriber, timeouts);
      return () => call.cancel();
    });
  }

  /**
   * A streamed reply delivered to `sink` value by value: no Observable, operator or timer of its
   * own per call (the deadlines are on the process's one DeadlineWheel). The first and the last
   * value are checked against the reply contract, and every value between them too unless it
   * passes the subject's quick check (a plain fragment, quickStreamChecks); a value that breaks
   * the contract fails the call.
   */
  open<S extends Subject>(
    subject: S,
    payload: RequestOf<S>,
    sink: StreamSink<ReplyOf<S>>,
    timeouts: StreamTimeouts = {},
  ): StreamCall {
    const first = timeouts.firstMs ?? this.config.REQUEST_TIMEOUT_MS;
    return this.start(subject, payload, sink, first, timeouts.eachMs ?? first, false);
  }

  private start<S extends Subject>(
    subject: S,
    payload: RequestOf<S>,
    sink: StreamSink<ReplyOf<S>>,
    firstMs: number,
    eachMs: number,
    single: boolean,
  ): StreamCall {
    const checked = contracts[subject].request.safeParse(payload);
    if (!checked.success) {
      const failure = new ValidationError(describeZodIssues(checked.error), checked.error.issues);
      queueMicrotask(() => sink.error(failure));
      return { cancel: noop };
    }
    const call = new OpenCall<ReplyOf<S>>(this, subject, sink, firstMs, eachMs, single);
    call.begin(this.proxy.sendPacket(subject, this.record(payload), call.onPacket));
    return call;
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

  /** @internal OpenCall's: a transport failure as the ServiceError callers see. */
  toServiceError(error: unknown, target: string): ServiceError {
    if (error instanceof ServiceError) return error;
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

/**
 * One call in flight: the reply callback, the liveness deadline (a DeadlineWheel entry: the
 * first value within `firstMs`, each later one within `eachMs` of the one before) and the
 * metrics, in one object per call.
 */
class OpenCall<T> implements Due, StreamCall {
  dueAt: number;
  wheelSlot = -1;
  private answered = false;
  private done = false;
  private stop: () => void = noop;
  private readonly stopTimer: () => void;
  private readonly target: string;
  private readonly quickCheck: ((value: unknown) => boolean) | undefined;

  constructor(
    private readonly client: ServiceClient,
    private readonly subject: Subject,
    private readonly sink: StreamSink<T>,
    private readonly firstMs: number,
    private readonly eachMs: number,
    private readonly single: boolean,
  ) {
    this.target = subject.split('.')[0] ?? subject;
    this.quickCheck = single ? undefined : quickStreamChecks[subject];
    this.stopTimer = natsRequestDuration.startTimer({ service: client.caller, subject });
    this.dueAt = performance.now() + firstMs;
    streamDeadlines.schedule(this);
  }

  begin(stop: () => void): void {
    // The transport may already have answered (an error on sending): then there is nothing to stop.
    if (this.done) stop();
    else this.stop = stop;
  }

  readonly onPacket = (packet: WritePacket): void => {
    if (this.done) return;
    const { err, response, isDisposed } = packet;
    if (err) return this.fail(this.client.toServiceError(err, this.target));
    if (response !== undefined || !isDisposed) {
      // The first and the last value are parsed by the reply schema; a value between them that
      // passes the subject's quick check (a plain fragment) is taken as it is (quickStreamChecks).
      let value: unknown = response;
      if (!this.answered || isDisposed || !this.quickCheck?.(response)) {
        const parsed = contracts[this.subject].reply.safeParse(response);
        if (!parsed.success)
          return this.fail(
            new InternalFailure(
              ErrorCode.Internal,
              `${this.target} sent an invalid reply to ${this.subject}: ${describeZodIssues(parsed.error)}`,
              this.target,
            ),
          );
        value = parsed.data;
      }
      this.dueAt = performance.now() + this.eachMs;
      if (!this.answered) {
        this.stopTimer();
        this.answered = true;
        // The wheel notices a deadline moved later by itself, not one moved earlier.
        if (this.eachMs < this.firstMs) streamDeadlines.schedule(this);
      }
      this.sink.next(value as T);
      if (this.single) return this.end('ok');
    }
    if (isDisposed && !this.done) this.end('ok');
  };

  onDue(): void {
    if (this.done) return;
    this.fail(new ServiceTimeoutError(this.target, this.answered ? this.eachMs : this.firstMs));
  }

  cancel(): void {
    if (this.done) return;
    this.done = true;
    streamDeadlines.cancel(this);
    this.stop();
  }

  private fail(failure: ServiceError): void {
    this.end(failure.code);
    this.sink.error(failure);
  }

  private end(outcome: string): void {
    this.done = true;
    streamDeadlines.cancel(this);
    this.stop();
    natsRequestsTotal.inc({ service: this.client.caller, subject: this.subject, outcome });
    if (outcome === 'ok') this.sink.complete();
  }
}

function noop(): void {
  // Nothing to do.
}
