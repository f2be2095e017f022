import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import { HttpErrorFilter } from './http-error.filter';
import { RpcErrorFilter } from './rpc-error.filter';

/**
 * One filter for both faces of a service: NATS handlers reply `{ code, message }`,
 * HTTP handlers answer with the mapped status and the same body.
 */
@Catch()
export class ServiceErrorFilter implements ExceptionFilter {
  private readonly rpc: RpcErrorFilter;
  private readonly http = new HttpErrorFilter();

  constructor(serviceName: string) {
    this.rpc = new RpcErrorFilter(serviceName);
  }

  catch(exception: unknown, host: ArgumentsHost) {
    if (host.getType() === 'rpc') return this.rpc.catch(exception, host);
    return this.http.catch(exception, host);
  }
}
