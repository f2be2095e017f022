/** Loopback addresses a browser reaches as `localhost` (the gateway prints IPv6 ones in brackets). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * The address the start-up line tells people to open. A gateway listening on a loopback address is
 * announced as `http://localhost:<port>`: passkeys work only there (identity's relying party is
 * `localhost` when no PASSKEY_ORIGIN or PUBLIC_URL is set, and browsers refuse passkeys on an IP
 * address), and the OAuth and cookie rules treat it as local too. Any other address is printed as it is.
 */
export function browserAddress(listeningUrl: string): string {
  const url = new URL(listeningUrl);
  if (!LOOPBACK_HOSTS.has(url.hostname)) return listeningUrl;
  url.hostname = 'localhost';
  return url.origin;
}
