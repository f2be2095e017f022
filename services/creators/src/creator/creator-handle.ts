/**
 * The handle of a creator: the last path segment of their tiktokURL, without
 * leading @ characters, lower-cased (spec §2: matched case-insensitively).
 */
export function handleFromTiktokUrl(tiktokURL: string): string {
  const path = (() => {
    try {
      return new URL(tiktokURL).pathname;
    } catch {
      return tiktokURL;
    }
  })();
  const segments = path.split('/').filter((segment) => segment.length > 0);
  return (segments.at(-1) ?? '').replace(/^@+/, '').toLowerCase();
}
