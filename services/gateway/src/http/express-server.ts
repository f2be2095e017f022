import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, Request, Response } from 'express';
import http, { IncomingMessage, ServerResponse } from 'node:http';

/** What `http.createServer` is told to build each request and response with. */
export interface RequestClasses {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
}

/**
 * Subclasses of Node's request and response whose prototypes become Express's `app.request` and
 * `app.response`, so the objects a server builds with them are born with the prototype Express
 * gives every request and response, instead of receiving it per request. Call once per app.
 *
 * Express sets each request's and response's prototype (`Object.setPrototypeOf`, express/lib/application.js),
 * and Node 20's V8 gives an object whose prototype changed a hidden class (map) of its own: ≈ 2 KiB held
 * by every open reply stream, and property look-ups on requests and responses that no inline cache can
 * share (issue 25, docs/benchmarks.md). Born with it, Express's call changes nothing and every request
 * shares one map. (Node 24's V8 caches that prototype transition and shares the map anyway; there the
 * classes cost nothing and change nothing.) The prototype chain is Express's as before with one empty link (the subclass's
 * prototype, holding only its `constructor`) in front: the same methods, `instanceof` as before.
 */
export function classesWithPrototypesOf(app: Pick<Express, 'request' | 'response'>): RequestClasses {
  class ExpressRequest extends IncomingMessage {}
  Object.setPrototypeOf(ExpressRequest.prototype, app.request);
  app.request = ExpressRequest.prototype as unknown as Request;
  class ExpressResponse extends ServerResponse {}
  Object.setPrototypeOf(ExpressResponse.prototype, app.response);
  app.response = ExpressResponse.prototype as unknown as Response;
  return { IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse as typeof ServerResponse };
}

/**
 * Nest's Express adapter, whose HTTP server builds requests and responses with
 * `classesWithPrototypesOf` (`classes`: the gateway's internal port builds them with the same).
 */
export class GatewayExpressAdapter extends ExpressAdapter {
  readonly classes = classesWithPrototypesOf(this.getInstance<Express>());

  override initHttpServer(options: NestApplicationOptions): void {
    // The gateway uses neither; Nest's own server is kept for them rather than re-implemented.
    if (options?.httpsOptions || options?.forceCloseConnections) return super.initHttpServer(options);
    this.httpServer = http.createServer(this.classes, this.getInstance<Express>());
  }
}
