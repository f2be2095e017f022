import { ArgumentsHost, Catch, HttpException, Logger, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { defaultMessageFor, ErrorCode, type WireError } from '@backtalk/proto';
import { Observable, throwError } from 'rxjs';
import { busyErrorOf, ServiceError } from './service-error';

/** Everything a NATS handler throws leaves the service as `{ code, message }`. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  constructor(private readonly serviceName: string) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => this.toWire(exception));
  }

  private toWire(exception: unknown): WireError {
    if (exception instanceof ServiceError) return { ...exception.toWire(), service: this.serviceName };
    if (exception instanceof RpcException) {
      const inner = exception.getError();
      return ServiceError.from(inner, this.serviceName).toWire();
    }
    if (exception instanceof HttpException) {
      return { code: ErrorCode.Internal, message: exception.message, service: this.serviceName };
    }
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
