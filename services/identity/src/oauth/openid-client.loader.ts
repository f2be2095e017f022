/**
 * openid-client is ESM-only; this CommonJS build loads it with a native
 * dynamic import (SWC keeps `import()` as is), once — as jose.loader does.
 */
export type OpenIdClient = typeof import('openid-client', { with: { 'resolution-mode': 'import' } });

let clientPromise: Promise<OpenIdClient> | undefined;

export function loadOpenIdClient(): Promise<OpenIdClient> {
  clientPromise ??= import('openid-client').catch((error: unknown) => {
    clientPromise = undefined;
    throw error;
  });
  return clientPromise;
}
