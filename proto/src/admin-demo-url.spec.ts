import { demoAccountCreateBodySchema } from './contracts/creators';
import { ADMIN_DEMO_URL_INVALID, ADMIN_DEMO_URL_MISSING_AT, handleFromTiktokProfileUrl } from './browser';

describe('the admin demo flow reads a TikTok profile link (spec §5)', () => {
  it.each([
    ['https://www.tiktok.com/@maya.makes', 'maya.makes'],
    ['  https://www.tiktok.com/@Maya.Makes?lang=en  ', 'maya.makes'],
    ['http://tiktok.com/@maya_makes/', 'maya_makes'],
    ['www.tiktok.com/@maya-makes#top', 'maya-makes'],
    ['https://m.tiktok.com/@maya', 'maya'],
    ['@maya.makes', 'maya.makes'],
    ['@maya.makes?x=1', 'maya.makes'],
  ])('takes %j as @%s', (input, handle) => {
    expect(handleFromTiktokProfileUrl(input)).toBe(handle);
  });

  it.each([
    '',
    '@',
    'maya.makes',
    'https://www.tiktok.com/maya.makes',
    'https://example.com/@maya.makes',
    'https://tiktok.com.evil.example/@maya',
    'https://www.tiktok.com/@maya/video/7301',
    'https://user@www.tiktok.com/@maya',
    'ftp://www.tiktok.com/@maya',
    '@bad handle',
    '@maya<script>',
    `@${'a'.repeat(65)}`,
  ])('refuses %j', (input) => {
    expect(handleFromTiktokProfileUrl(input)).toBeNull();
  });

  it("answers the spec's words for a link without @, and a clear message for one that is no profile link", () => {
    const issues = (tiktokURL: unknown) =>
      demoAccountCreateBodySchema.safeParse({ tiktokURL }).error?.issues.map((issue) => issue.message);
    expect(issues('https://www.tiktok.com/maya')).toEqual([ADMIN_DEMO_URL_MISSING_AT]);
    expect(issues('https://example.com/@maya')).toEqual([ADMIN_DEMO_URL_INVALID]);
    expect(issues('@maya')).toBeUndefined();
    expect(demoAccountCreateBodySchema.safeParse({ tiktokURL: '@maya', extra: 1 }).success).toBe(false);
  });
});
