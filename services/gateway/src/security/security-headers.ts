import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** The per-response nonce the web app's own style elements carry (see `cspNonceOf`). */
export function cspNonceOf(response: Response): string {
  return (response.locals as { cspNonce: string }).cspNonce;
}

/** `'nonce-…'` of this response, for the CSP (helmet calls it per response). */
function nonceSource(_request: IncomingMessage, response: ServerResponse): string {
  return `'nonce-${cspNonceOf(response as Response)}'`;
}

/**
 * The built SPA loads only its own hashed scripts and styles, calls only this
 * origin (the API and its Server-Sent Events), and shows creators' images and
 * media that may live on object storage or the platform's CDN (https). The style
 * elements its dialogs add at run time (the scroll lock of a modal) carry this
 * response's nonce, which the SPA's index.html hands the app (spa.ts).
 */
const appDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", nonceSource],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Browsers treat plain-http localhost as secure; forcing https would break standalone mode.
  upgradeInsecureRequests: null,
};

/** Swagger UI (the API docs page) ships an inline style and script bootstrap of its own. */
const docsDirectives: typeof appDirectives = {
  ...appDirectives,
  scriptSrc: ["'self'", "'unsafe-inline'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
};

function headers(directives: typeof appDirectives): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Creators' media may be served from another origin; the SPA embeds them.
    crossOriginEmbedderPolicy: false,
    // HSTS only means something over HTTPS; the proxy in front decides it otherwise.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  });
}

/**
 * The API's JSON and event streams are never a page that loads styles: the app's policy without
 * the nonce, a header helmet builds the same way each time and no random bytes per response.
 */
const apiDirectives: typeof appDirectives = { ...appDirectives, styleSrc: ["'self'"] };

/**
 * Security headers on every response — the SPA, the API, its SSE streams and
 * errors: CSP, frame-ancestors 'none' / X-Frame-Options DENY, nosniff and a Referrer-Policy.
 * Only the pages (the SPA's index.html) get a fresh style nonce.
 */
export function securityHeaders(): RequestHandler {
  const app = headers(appDirectives);
  const docs = headers(docsDirectives);
  const api = headers(apiDirectives);
  return (request, response, next) => {
    if (/^\/api\/docs(\/|$)/.test(request.path)) return docs(request, response, next);
    if (/^\/api\//.test(request.path)) return api(request, response, next);
    response.locals['cspNonce'] = randomBytes(16).toString('base64');
    app(request, response, next);
  };
}

/** Token responses (and anything else under /api/auth) must never be stored by a cache. */
export const noStoreForAuth: RequestHandler = (request, response, next) => {
  if (/^\/api\/auth(\/|$)/.test(request.path)) {
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Pragma', 'no-cache');
  }
  next();
};
