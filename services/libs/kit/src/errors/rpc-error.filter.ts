import { ArgumentsHost, Catch, HttpException, Logger, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { defaultMessageFor, ErrorCode, type WireError } from '@backtalk/proto';
import { Observable, throwError } from 'rxjs';
import { logInternalFailure } from './error-body';
import { busyErrorOf, InternalFailure, ServiceError } from './service-error';

/** Everything a NATS handler throws leaves the service as `{ code, message }`. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  constructor(private readonly serviceName: string) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => this.toWire(exception));
  }

  /** What the caller will not be told (an InternalFailure's own text) is logged here, with the request id. */
  private logged(failure: ServiceError): ServiceError {
    if (failure instanceof InternalFailure) logInternalFailure(this.logger, failure);
    return failure;
  }

  private toWire(exception: unknown): WireError {
    if (exception instanceof ServiceError)
      return { ...this.logged(exception).toWire(), service: this.serviceName };
    if (exception instanceof RpcException)
      return this.logged(ServiceError.from(exception.getError(), this.serviceName)).toWire();
    if (exception instanceof HttpException)
      return this.logged(
        new InternalFailure(ErrorCode.Internal, exception.message, this.serviceName),
      ).toWire();
    const busy = busyErrorOf(exception, this.serviceName);
    if (busy) {
      // A load peak, not a fault: one line, and the caller is told to retry.
      this.logger.warn(`Answered ${busy.code}: the database pool had no connection free in time`);
      return busy.toWire();
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return {
      code: ErrorCode.Internal,
      message: defaultMessageFor(ErrorCode.Internal),
      service: this.serviceName,
    };
  }
}
