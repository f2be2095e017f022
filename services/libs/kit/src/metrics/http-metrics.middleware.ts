import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { SERVICE_NAME } from '../transport/transport.tokens';
import { httpRequestDuration, httpRequestsTotal } from './metrics';

const STARTED = Symbol('metrics start');
type TimedResponse = Response & { [STARTED]?: number; req: Request };

/**
 * Counts and times every HTTP request when its response finishes, whatever
 * answered it (a handler, a guard's 401, a 404). NATS messages never pass here.
 * A request holds its start time and one listener shared by all (no closure per
 * request, which an open reply stream would hold for its life).
 */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  private readonly record: (this: TimedResponse) => void;

  constructor(@Inject(SERVICE_NAME) service: string) {
    this.record = function record(this: TimedResponse): void {
      // Route patterns, not raw paths, keep the label set small.
      const route = (this.req.route as { path?: string } | undefined)?.path ?? 'unmatched';
      const labels = { service, method: this.req.method, route };
      httpRequestDuration.observe(labels, (performance.now() - (this[STARTED] ?? 0)) / 1000);
      httpRequestsTotal.inc({ ...labels, status: String(this.statusCode) });
    };
  }

  use(_request: Request, response: Response, next: NextFunction): void {
    (response as TimedResponse)[STARTED] = performance.now();
    response.on('finish', this.record);
    next();
  }
}
