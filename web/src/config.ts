// Runtime configuration derived from where the app is served. Modules that tests import read
// config from here rather than from import.meta.env (jest compiles to CommonJS).

export const PRODUCT_NAME = 'Backtalk';
