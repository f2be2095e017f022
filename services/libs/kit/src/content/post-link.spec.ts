import { safePostLink } from './post-link';

// Issue 21 item 17: a post's link is opened by the fan's browser as it is.
const cases: [name: string, link: string, served: string][] = [
  ['a TikTok video', 'https://www.tiktok.com/@maya/video/7001', 'https://www.tiktok.com/@maya/video/7001'],
  ['TikTok itself over http', 'http://tiktok.com/@maya', 'http://tiktok.com/@maya'],
  ['a TikTok subdomain', 'https://vm.tiktok.com/ZMabc/', 'https://vm.tiktok.com/ZMabc/'],
  [
    'an uppercase scheme and host',
    'HTTPS://WWW.TIKTOK.COM/@maya/video/1',
    'https://www.tiktok.com/@maya/video/1',
  ],
  ['javascript:', 'javascript:alert(document.cookie)', ''],
  ['JavaScript: in capitals', 'JAVASCRIPT:alert(1)', ''],
  ['javascript: after a space', ' javascript:alert(1)', ''],
  ['data:', 'data:text/html,<script>alert(1)</script>', ''],
  ['http to another host', 'http://evil.example/@maya/video/1', ''],
  ['a host that only ends in tiktok.com', 'https://eviltiktok.com/@maya', ''],
  ['tiktok.com as a subdomain of another host', 'https://tiktok.com.evil.example/', ''],
  ['userinfo before another host', 'https://tiktok.com@evil.example/', ''],
  ['userinfo before TikTok', 'https://evil.example@www.tiktok.com/', ''],
  ['a tab inside the scheme', 'java\tscript:alert(1)', ''],
  ['a leading space', ' https://www.tiktok.com/@maya', ''],
  ['a newline in the path', 'https://www.tiktok.com/@maya\n/video', ''],
  ['a backslash for a slash', 'https:\\\\evil.example\\www.tiktok.com', ''],
  ['another scheme', 'ftp://www.tiktok.com/file', ''],
  ['a relative path', '/@maya/video/1', ''],
  ['nothing', '', ''],
];

describe('safePostLink', () => {
  it.each(cases)('%s', (_name, link, served) => {
    expect(safePostLink(link)).toBe(served);
  });
});
