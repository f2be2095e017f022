import { lazyImport } from '@backtalk/kit';

/** openid-client is ESM-only: this CommonJS build loads it with a native dynamic import, once. */
export type OpenIdClient = typeof import('openid-client', { with: { 'resolution-mode': 'import' } });

export const loadOpenIdClient: () => Promise<OpenIdClient> = lazyImport(() => import('openid-client'));
