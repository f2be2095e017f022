// Runtime configuration derived from where the app is served. Modules that tests import read
// config from here rather than from import.meta.env (jest compiles to CommonJS).

export const PRODUCT_NAME = 'Backtalk';

/** Base URL of the gateway's HTTP API: the same origin that served the SPA. */
export function apiBaseUrl(): string {
  return `${window.location.origin}/api`;
}

/** Spec §9: development on localhost or hosts containing dev- or staging, otherwise production. */
export function appEnvironment(hostname: string = window.location.hostname): 'development' | 'production' {
  if (
    hostname === 'localhost' ||
    hostname === '127.0.0.1' ||
    hostname.includes('dev-') ||
    hostname.includes('staging')
  ) {
    return 'development';
  }
  return 'production';
}
