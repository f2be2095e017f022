/**
 * jose is ESM-only; this CommonJS build loads it with a native dynamic import
 * (SWC keeps `import()` as is), once.
 */
export type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });

let josePromise: Promise<Jose> | undefined;

export function loadJose(): Promise<Jose> {
  josePromise ??= import('jose').catch((error: unknown) => {
    josePromise = undefined;
    throw error;
  });
  return josePromise;
}
