import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import { REQUEST_ID_HEADER, RequestContext, sanitizeRequestId } from './request-context';
import { redactQuery, redactUrl } from './url-redaction';

/** Probes and scrapes are not logged: they would drown the requests that matter. */
const UNLOGGED = /^\/(health|metrics)/;
const STARTED = Symbol('request started');

type LoggedRequest = IncomingMessage & { id?: unknown };
type LoggedResponse = ServerResponse<LoggedRequest> & { [STARTED]?: number };

/**
 * The serializers of a request's line, as pino-http's: the standard ones, with query strings
 * redacted — they can carry tokens and one-time codes, whose values never reach the log.
 */
export const requestLogSerializers = {
  req: pino.stdSerializers.wrapRequestSerializer((req) => ({
    ...req,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    query: redactQuery(req.query),
  })),
  res: pino.stdSerializers.res,
  err: pino.stdSerializers.err,
};

/**
 * Gives every HTTP request its id (the caller's `x-request-id` when it is a reasonable token) and
 * runs it in RequestContext, so every line logged while handling it, and every service request it
 * makes, carries `requestId`; when the response closes, one line says how it ended — the line
 * pino-http wrote. pino-http also made three child loggers per request and held them, with their
 * bound log functions, for the response's life: an open reply stream's (issue 25). Here a request
 * holds its start time and one shared listener, and its line is written by the root logger.
 */
export function requestLogging(root: Logger) {
  /** The request's line, as pino-http wrote it ("request completed", or "request errored" for a 5xx). */
  function logRequest(this: LoggedResponse): void {
    const request = this.req;
    const failed = this.statusCode >= 500;
    const line = {
      reqId: request.id,
      req: request,
      requestId: request.id,
      res: this,
      ...(failed ? { err: new Error(`failed with status code ${this.statusCode}`) } : {}),
      responseTime: Date.now() - (this[STARTED] ?? Date.now()),
    };
    root.info(line, failed ? 'request errored' : 'request completed');
  }
  return (request: LoggedRequest, response: LoggedResponse, next: () => void): void => {
    const id = sanitizeRequestId(request.headers[REQUEST_ID_HEADER]) ?? randomUUID();
    request.id = id;
    if (!UNLOGGED.test(request.url ?? '')) {
      response[STARTED] = Date.now();
      response.on('close', logRequest);
    }
    RequestContext.run(id, next);
  };
}
