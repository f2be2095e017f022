/**
 * A path on this site to send the user back to, or null. One leading `/` only: `//host` and
 * `/\host` are other hosts to a browser, and URL parsing drops tabs and newlines anywhere, so
 * `/<tab>/host` is `//host` too. Any backslash, whitespace or control character is refused
 * rather than normalised, and what is left must still resolve to this origin.
 */
export function sameOriginPath(candidate: string | null | undefined): string | null {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//')) return null;
  if (/[\s\\\p{Cc}]/u.test(candidate)) return null;
  const base = 'https://backtalk.invalid';
  try {
    return new URL(candidate, base).origin === base ? candidate : null;
  } catch {
    return null;
  }
}
