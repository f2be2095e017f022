// The creator handle in a chat URL (spec §2, /@{username}).

import { HANDLE_PATTERN } from '@backtalk/proto/browser';

const INVALID_URL_FORMAT = 'Invalid URL format';

export type HandleParseResult =
  { ok: true; handle: string } | { ok: false; error: typeof INVALID_URL_FORMAT };

/**
 * Reads the handle from a `/@name` path: the last path segment (a trailing slash allowed), with
 * leading @ characters stripped. Anything else is 'Invalid URL format'.
 */
export function parseCreatorHandle(pathname: string): HandleParseResult {
  const invalid = { ok: false, error: INVALID_URL_FORMAT } as const;
  if (!pathname.startsWith('/@')) return invalid;
  const lastSegment = /([^/]*\/?)$/.exec(pathname)?.[1] ?? '';
  let segment: string;
  try {
    segment = decodeURIComponent(lastSegment);
  } catch {
    return invalid;
  }
  // One trailing slash is allowed; the rest must be the contract's handle pattern.
  segment = segment.replace(/^@+/, '').replace(/\/$/, '');
  if (!HANDLE_PATTERN.test(segment)) return invalid;
  return { ok: true, handle: segment };
}
