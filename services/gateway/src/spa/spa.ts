import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import fs from 'node:fs';
import path from 'node:path';

/** The API and probes own these prefixes; everything else is the web app's. */
const SERVER_PATHS = /^\/(api|health|metrics)(\/|$)/;

export function defaultWebDistDir(): string {
  return path.resolve(__dirname, '../../../../web/dist');
}

/**
 * Serves the built web app: its files as they are (hashed assets cached for a
 * year), and index.html for every other GET (and HEAD, answered like GET) so
 * client-side routes work on reload.
 */
export function serveWebApp(app: NestExpressApplication, dir: string): boolean {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return false;
  app.use(
    '/assets',
    express.static(path.join(dir, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }),
  );
  app.use(express.static(dir, { index: false }));
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || SERVER_PATHS.test(request.path))
      return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
  return true;
}
