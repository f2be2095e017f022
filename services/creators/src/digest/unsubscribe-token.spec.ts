import { creatorOfToken, unsubscribeToken } from './unsubscribe-token';

const SECRET = 'a'.repeat(64);
const CREATOR = '3f1c1c1e-0000-4000-8000-000000000001';
const OTHER = '3f1c1c1e-0000-4000-8000-000000000002';

describe('the digest unsubscribe token', () => {
  const token = unsubscribeToken(SECRET, CREATOR);

  it('names its creator under the secret that signed it, and fits the link schema', () => {
    expect(creatorOfToken(SECRET, token)).toBe(CREATOR);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  const [id, signature] = token.split('.') as [string, string];
  const otherId = Buffer.from(OTHER).toString('base64url');
  it.each([
    ['another secret', () => creatorOfToken('b'.repeat(64), token)],
    ['another creator under this signature', () => creatorOfToken(SECRET, `${otherId}.${signature}`)],
    ['a truncated signature', () => creatorOfToken(SECRET, `${id}.${signature.slice(0, 20)}`)],
    [
      'a flipped signature character',
      () => creatorOfToken(SECRET, `${id}.${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`),
    ],
    ['no signature', () => creatorOfToken(SECRET, `${id}.`)],
    ['three parts', () => creatorOfToken(SECRET, `${token}.x`)],
    [
      'an id that is no uuid',
      () => creatorOfToken(SECRET, `${Buffer.from('admin').toString('base64url')}.${signature}`),
    ],
  ])('refuses %s', (_case, read) => {
    expect(read()).toBeNull();
  });
});
