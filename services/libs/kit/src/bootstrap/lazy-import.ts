/**
 * A module loaded on its first use, then kept. For packages that only some requests need —
 * loaded at the top of a file, each is paid for at every start (docs/benchmarks.md, "The warm
 * restart") — and for ESM-only packages in these CommonJS builds (SWC keeps `import()` as it
 * is). A load that fails is tried again on the next call.
 */
export function lazyImport<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
