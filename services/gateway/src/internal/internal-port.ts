import type { NextFunction, Request, RequestHandler, Response } from 'express';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { RequestClasses } from '../http/express-server';

/** Probes and metrics: for the kubelet and Prometheus, never for the public. */
const INTERNAL_PATHS = /^\/(health|metrics)(\/|$)/;

const internalRequests = new WeakSet<IncomingMessage>();

/**
 * Keeps `/health/*` and `/metrics` off the public port and everything else off
 * the internal one (HTTP_PORT), so the Ingress can never expose internals.
 */
export const separateInternalRoutes: RequestHandler = (
  request: Request,
  response: Response,
  next: NextFunction,
) => {
  if (INTERNAL_PATHS.test(request.path) === internalRequests.has(request)) return next();
  response.status(404).json({ code: 'NOT_FOUND', message: 'Not found' });
};

/** Serves the same application on HTTP_PORT, marking its requests as internal. */
export async function listenInternal(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  port: number,
  host: string,
  classes: RequestClasses,
): Promise<http.Server> {
  const server = http.createServer(classes, (request, response) => {
    internalRequests.add(request);
    handler(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
