import { STORAGE_KEYS } from '../session';
import { postSignInPath } from './sign-in-entry';

// Where the signed-in user goes: a path on this site, or home. A path the router cannot read
// (or that a browser reads as another host) would leave them on /sign-in or send them away.
const cases: [name: string, candidate: string, expected: string][] = [
  ['a normal path with query and hash', '/creator/tools?x=1#y', '/creator/tools?x=1#y'],
  ['a protocol-relative URL', '//evil.example', '/'],
  ['a slash and a backslash (read as //)', '/\\evil.example', '/'],
  ['a tab before the path', '\t/evil', '/'],
  ['a tab between the slashes (URL parsing drops it)', '/\t/evil.example', '/'],
  ['a newline between the slashes', '/\n/evil.example', '/'],
  ['an absolute URL', 'https://evil.example', '/'],
  ['a javascript: URL', 'javascript:alert(1)', '/'],
  ['the sign-in page itself', '/sign-in?x=1', '/'],
];

describe('the path after sign-in', () => {
  afterEach(() => localStorage.clear());

  it.each(cases)('returnTo %s', (_name, candidate, expected) => {
    expect(postSignInPath(candidate)).toBe(expected);
  });

  it.each(cases)('recorded path %s', (_name, candidate, expected) => {
    localStorage.setItem(STORAGE_KEYS.signInRedirectPath, candidate);
    expect(postSignInPath(undefined)).toBe(expected);
  });
});
