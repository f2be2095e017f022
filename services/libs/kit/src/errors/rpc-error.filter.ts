import { ArgumentsHost, Catch, HttpException, Logger, RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { defaultMessageFor, ErrorCode, type WireError } from '@backtalk/proto';
import { Observable, throwError } from 'rxjs';
import { ServiceError } from './service-error';

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
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return {
      code: ErrorCode.Internal,
      message: defaultMessageFor(ErrorCode.Internal),
      service: this.serviceName,
    };
  }
}
