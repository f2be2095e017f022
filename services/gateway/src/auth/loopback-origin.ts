import { loopbackOriginSchema } from '@backtalk/proto';
import type { Request } from 'express';

/**
 * The origin of a request made to `localhost` (standalone, local development, tests), for
 * identity's passkeys when no PASSKEY_ORIGIN or PUBLIC_URL is configured; undefined for any
 * other host. A browser only lets a page use passkeys of the relying party `localhost` when the
 * page itself is on localhost, so a forged Host header gains nothing.
 */
export function loopbackOrigin(request: Request): string | undefined {
  if (request.hostname !== 'localhost') return undefined;
  const parsed = loopbackOriginSchema.safeParse(`${request.protocol}://${request.headers.host ?? ''}`);
  return parsed.success ? parsed.data : undefined;
}
