import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { cspNonceOf } from '../security/security-headers';

/** What the web build writes where each response's CSP nonce goes (web/vite.config.ts `html.cspNonce`). */
const CSP_NONCE_PLACEHOLDER = '__BACKTALK_CSP_NONCE__';

/** The API and probes own these prefixes; everything else is the web app's. */
const SERVER_PATHS = /^\/(api|health|metrics)(\/|$)/;

export function defaultWebDistDir(): string {
  return path.resolve(__dirname, '../../../../web/dist');
}

/**
 * Serves the built web app: its files as they are (hashed assets cached for a
 * year), and index.html for every other GET (and HEAD, answered like GET) so
 * client-side routes work on reload. index.html is never sent as a file: each
 * response gets its own CSP nonce written into it (security-headers.ts).
 */
export function serveWebApp(app: NestExpressApplication, dir: string): boolean {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) return false;
  const html = fs.readFileSync(index, 'utf8');
  app.use(
    '/assets',
    express.static(path.join(dir, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }),
  );
  const files = express.static(dir, { index: false });
  app.use((request: Request, response: Response, next: NextFunction) =>
    request.path === '/index.html' ? next() : files(request, response, next),
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || SERVER_PATHS.test(request.path))
      return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.type('html').send(html.replaceAll(CSP_NONCE_PLACEHOLDER, cspNonceOf(response)));
  });
  return true;
}
