import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable, finalize } from 'rxjs';
import { httpRequestDuration, httpRequestsTotal } from './metrics';

@Injectable()
export class HttpMetricsInterceptor implements NestInterceptor {
  constructor(private readonly service: string) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const route = (request.route as { path?: string } | undefined)?.path ?? 'unmatched';
    const stop = httpRequestDuration.startTimer({ service: this.service, method: request.method, route });
    return next.handle().pipe(
      finalize(() => {
        stop();
        const status = String(http.getResponse<Response>().statusCode);
        httpRequestsTotal.inc({ service: this.service, method: request.method, route, status });
      }),
    );
  }
}
