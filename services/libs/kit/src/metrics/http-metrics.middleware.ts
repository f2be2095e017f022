import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { SERVICE_NAME } from '../transport/transport.tokens';
import { httpRequestDuration, httpRequestsTotal } from './metrics';

/**
 * Counts and times every HTTP request when its response finishes, whatever
 * answered it (a handler, a guard's 401, a 404). NATS messages never pass here.
 */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  constructor(@Inject(SERVICE_NAME) private readonly service: string) {}

  use(request: Request, response: Response, next: NextFunction): void {
    const started = process.hrtime.bigint();
    response.once('finish', () => {
      // Route patterns, not raw paths, keep the label set small.
      const route = (request.route as { path?: string } | undefined)?.path ?? 'unmatched';
      const labels = { service: this.service, method: request.method, route };
      httpRequestDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      httpRequestsTotal.inc({ ...labels, status: String(response.statusCode) });
    });
    next();
  }
}
