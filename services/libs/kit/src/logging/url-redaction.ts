/** Query parameters whose values are credentials or one-time codes (OAuth, magic links, signed URLs). */
const SENSITIVE_PARAM = /token|secret|passw(or)?d|key|code|signature|^sig$|jwt|credential|auth|session|otp/i;

const REDACTED = '[redacted]';

/** The URL with the values of token-like query parameters replaced, so logs never hold them. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const name = separator < 0 ? pair : pair.slice(0, separator);
      return separator >= 0 && SENSITIVE_PARAM.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/** A parsed query object with the same values redacted. */
export function redactQuery(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, SENSITIVE_PARAM.test(name) ? REDACTED : value]),
  );
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
