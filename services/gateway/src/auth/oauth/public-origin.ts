import type { Request } from 'express';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The address browsers (and OAuth providers) reach this gateway at, without a
 * trailing slash: PUBLIC_URL when set; otherwise, only for a request to a
 * loopback host (standalone, local development, tests), the request's own
 * origin. A public host's Host header is never trusted to build a redirect URI.
 */
export function publicOrigin(request: Request, publicUrl: string | undefined): string | undefined {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }
  if (!LOOPBACK_HOSTS.has(request.hostname)) return undefined;
  return `${request.protocol}://${request.headers.host ?? request.hostname}`;
}
