import { lazyImport } from '@backtalk/kit';

/** jose is ESM-only: this CommonJS build loads it with a native dynamic import, once. */
export type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });

export const loadJose: () => Promise<Jose> = lazyImport(() => import('jose'));
