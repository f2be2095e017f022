import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The built SPA loads only its own hashed scripts and styles, calls only this
 * origin (the API and its Server-Sent Events), and shows creators' images and
 * media that may live on object storage or the platform's CDN (https).
 */
const appDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
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
const docsDirectives = {
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
 * Security headers on every response — the SPA, the API, its SSE streams and
 * errors: CSP, frame-ancestors 'none' / X-Frame-Options DENY, nosniff and a Referrer-Policy.
 */
export function securityHeaders(): RequestHandler {
  const app = headers(appDirectives);
  const docs = headers(docsDirectives);
  return (request, response, next) =>
    (/^\/api\/docs(\/|$)/.test(request.path) ? docs : app)(request, response, next);
}

/** Token responses (and anything else under /api/auth) must never be stored by a cache. */
export const noStoreForAuth: RequestHandler = (request, response, next) => {
  if (/^\/api\/auth(\/|$)/.test(request.path)) {
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Pragma', 'no-cache');
  }
  next();
};
