/**
 * The hosts a post's link may point at: the content providers' own. The TikTok providers' links
 * are tiktok.com's, and so are the fixture provider's and the seeded demo posts'.
 */
const POST_LINK_HOSTS = ['tiktok.com'];

/**
 * A post's link as it may be stored and served — an http(s) URL on a content provider's host or
 * one of its subdomains, without user info — or '' (no link) for anything else: `javascript:` and
 * `data:` links, other hosts, `https://tiktok.com@evil.example`, whitespace or control characters
 * that URL parsing would quietly drop. Checked where posts are ingested and again where they are
 * served (a post list, a chat citation), since a browser opens the link as it is.
 */
export function safePostLink(link: string): string {
  if (/[\s\\\p{Cc}]/u.test(link)) return '';
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return '';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
  if (url.username || url.password) return '';
  const host = url.hostname;
  return POST_LINK_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`)) ? url.href : '';
}
