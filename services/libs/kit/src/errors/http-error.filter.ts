import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ErrorCode, httpStatusFor } from '@backtalk/proto';
import type { Response } from 'express';
import { ServiceError } from './service-error';

/** Maps typed service errors to HTTP statuses and `{ code, message }` bodies. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) {
      response.end();
      return;
    }
    const { status, body } = this.toHttp(exception);
    response.status(status).json(body);
  }

  private toHttp(exception: unknown): { status: number; body: Record<string, unknown> } {
    if (exception instanceof ServiceError) {
      // Details a client acts on (e.g. nextAvailableTime of RATE_LIMITED) are also lifted to the top level.
      const details =
        exception.details && typeof exception.details === 'object' && !Array.isArray(exception.details)
          ? exception.details
          : {};
      return { status: httpStatusFor(exception.code), body: { ...details, ...exception.toWire() } };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      const message =
        typeof payload === 'object' && payload !== null && 'message' in payload
          ? String((payload as { message: unknown }).message)
          : exception.message;
      return { status, body: { code: codeForStatus(status), message } };
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      body: { code: ErrorCode.Internal, message: 'Internal error' },
    };
  }
}

function codeForStatus(status: number): string {
  if (status === 400) return ErrorCode.ValidationFailed;
  if (status === 401) return ErrorCode.Unauthorized;
  if (status === 403) return ErrorCode.Forbidden;
  if (status === 404) return ErrorCode.NotFound;
  if (status === 413) return ErrorCode.ValidationFailed;
  if (status === 429) return ErrorCode.RateLimited;
  return status >= 500 ? ErrorCode.Internal : ErrorCode.ValidationFailed;
}
