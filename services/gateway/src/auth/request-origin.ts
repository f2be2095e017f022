import { loopbackOriginSchema } from '@backtalk/proto';
import type { Request } from 'express';

// Where browsers reach this gateway, for the auth routes that build an address for them (OAuth
// redirect and logout URIs, the passkey relying party). One rule for both: a request's own Host
// header is trusted only on a loopback host (standalone, local development, tests), where a
// forged one gains nothing; a public host's address comes from PUBLIC_URL.

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The request's own origin (`http://localhost:3000`) when it was made to a loopback host; else undefined. */
function requestLoopbackOrigin(request: Request): string | undefined {
  if (!LOOPBACK_HOSTS.has(request.hostname)) return undefined;
  return `${request.protocol}://${request.headers.host ?? request.hostname}`;
}

/**
 * The address browsers (and OAuth providers) reach this gateway at, without a trailing slash:
 * PUBLIC_URL when set; otherwise the request's own origin on a loopback host.
 */
export function publicOrigin(request: Request, publicUrl: string | undefined): string | undefined {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }
  return requestLoopbackOrigin(request);
}

/**
 * The origin of a request made to `localhost` itself, for identity's passkeys when no
 * PASSKEY_ORIGIN or PUBLIC_URL is configured; undefined for any other host, 127.0.0.1 included:
 * a browser lets a page use passkeys of the relying party `localhost` only on localhost.
 */
export function loopbackOrigin(request: Request): string | undefined {
  const origin = requestLoopbackOrigin(request);
  if (!origin) return undefined;
  const parsed = loopbackOriginSchema.safeParse(origin);
  return parsed.success ? parsed.data : undefined;
}
