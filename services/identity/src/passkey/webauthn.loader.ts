import { lazyImport } from '@backtalk/kit';

/**
 * @simplewebauthn/server, loaded on the first passkey request: loading it costs about 200 ms of
 * CPU, which every start paid before (docs/benchmarks.md, "The warm restart").
 */
export type WebAuthn = typeof import('@simplewebauthn/server', { with: { 'resolution-mode': 'import' } });

export const loadWebAuthn: () => Promise<WebAuthn> = lazyImport(() => import('@simplewebauthn/server'));
