import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ErrorCode } from '@backtalk/proto';
import type { Request, Response } from 'express';
import { renderError } from './error-body';
import { ServiceError } from './service-error';

interface HttpBody {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Maps typed service errors to HTTP statuses and `{ code, message }` bodies.
 * Errors raised by Express middleware for bad client input (body-parser,
 * serve-static: `http-errors` objects carrying a 4xx `status`) answer that 4xx
 * and log one line without a stack, so nobody can flood the logs with stacks;
 * only unexpected errors are logged as errors with their stack.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    if (response.headersSent) {
      response.end();
      return;
    }
    const request = http.getRequest<Request | undefined>();
    const { status, body } = this.toHttp(exception, request);
    // Errors that say when to come back (brute-force limits) say it in the standard header too.
    if (status === 429 && typeof body.retryAfterSeconds === 'number') {
      response.setHeader('Retry-After', String(body.retryAfterSeconds));
    }
    afterUnreadBody(request, response, () => response.status(status).json(body));
  }

  private toHttp(exception: unknown, request: Request | undefined): HttpBody {
    if (exception instanceof ServiceError) return renderError(exception);
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      const message =
        typeof payload === 'object' && payload !== null && 'message' in payload
          ? String((payload as { message: unknown }).message)
          : exception.message;
      return { status, body: { code: codeForStatus(status), message } };
    }
    const clientError = describeClientError(exception);
    if (clientError) {
      this.logger.log(
        `${clientError.status} ${clientError.body.code as string} on ${request?.method ?? '?'} ${request?.path ?? '?'}: ${clientError.body.message as string}`,
      );
      return clientError;
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return renderError(exception);
  }
}

/** Beyond this much unread body an error answers at once and closes the connection instead. */
const MAX_BODY_DRAINED_BEFORE_ERROR = 10 * 1024 * 1024;

/**
 * Calls `send` once the request's unread body has been read and dropped.
 * Refusals that come before the body is read (an unsupported Content-Type or
 * encoding, a missing token) would otherwise answer while the client still
 * sends; Node then closes the connection and the client sees a reset instead of
 * the error. A body larger than MAX_BODY_DRAINED_BEFORE_ERROR is not read: the
 * error goes out at once with `Connection: close`.
 */
export function afterUnreadBody(
  request: Pick<Request, 'complete' | 'headers' | 'once' | 'resume'> | undefined,
  response: Pick<Response, 'setHeader'>,
  send: () => void,
): void {
  if (!request || request.complete || typeof request.resume !== 'function') return send();
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > MAX_BODY_DRAINED_BEFORE_ERROR) {
    response.setHeader('Connection', 'close');
    return send();
  }
  let sent = false;
  const once = (): void => {
    if (sent) return;
    sent = true;
    send();
  };
  request.once('end', once);
  request.once('close', once);
  request.once('error', once);
  request.resume();
}

/** The shape `http-errors` gives body-parser and serve-static errors. */
interface HttpErrorLike {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
  limit?: unknown;
  charset?: unknown;
  encoding?: unknown;
}

/** A 4xx for errors that Express middleware raised about the request itself; undefined for real faults. */
export function describeClientError(exception: unknown): HttpBody | undefined {
  if (typeof exception !== 'object' || exception === null) return undefined;
  const error = exception as HttpErrorLike;
  const status = typeof error.status === 'number' ? error.status : error.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  const body = (code: ErrorCode, message: string): HttpBody => ({ status, body: { code, message } });
  switch (error.type) {
    case 'entity.too.large':
      return body(
        ErrorCode.PayloadTooLarge,
        `The request body is larger than ${formatBytes(error.limit)}; send a smaller body.`,
      );
    case 'charset.unsupported':
      return body(
        ErrorCode.UnsupportedMediaType,
        `The charset "${String(error.charset)}" is not supported; send the body as UTF-8.`,
      );
    case 'encoding.unsupported':
      return body(
        ErrorCode.UnsupportedMediaType,
        `The content encoding "${String(error.encoding)}" is not supported; send the body uncompressed, or gzip/deflate/br.`,
      );
    case 'entity.parse.failed':
      return body(ErrorCode.ValidationFailed, 'The request body is not valid JSON; fix its syntax.');
    case 'request.aborted':
      return body(ErrorCode.ValidationFailed, 'The request was aborted before its body arrived.');
    case 'request.size.invalid':
      return body(ErrorCode.ValidationFailed, 'The request body does not match its Content-Length.');
    default:
      break;
  }
  if (status === 400 && error.type === undefined && error.encoding === undefined) {
    // zlib failed to inflate a body that claimed a compression it does not have.
    return body(ErrorCode.ValidationFailed, 'The request body could not be decoded; check Content-Encoding.');
  }
  return body(codeForStatus(status), messageForStatus(status));
}

function formatBytes(limit: unknown): string {
  if (typeof limit !== 'number') return 'the limit';
  return limit >= 1024 * 1024 ? `${Math.round(limit / 1024 / 1024)} MB` : `${Math.round(limit / 1024)} KB`;
}

function messageForStatus(status: number): string {
  if (status === 404) return 'Not found';
  if (status === 413) return 'The request body is too large; send a smaller body.';
  if (status === 415) return 'The request body has an unsupported media type; send JSON.';
  return 'The request could not be understood; check its headers and body.';
}

function codeForStatus(status: number): ErrorCode {
  if (status === 400) return ErrorCode.ValidationFailed;
  if (status === 401) return ErrorCode.Unauthorized;
  if (status === 403) return ErrorCode.Forbidden;
  if (status === 404) return ErrorCode.NotFound;
  if (status === 413) return ErrorCode.PayloadTooLarge;
  if (status === 415) return ErrorCode.UnsupportedMediaType;
  if (status === 429) return ErrorCode.RateLimited;
  return status >= 500 ? ErrorCode.Internal : ErrorCode.ValidationFailed;
}
