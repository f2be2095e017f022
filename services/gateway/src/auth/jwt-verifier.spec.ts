import type { ServiceClient } from '@backtalk/kit';
import { TOKEN_AUDIENCE } from '@backtalk/proto';
import { JwtVerifier } from './jwt-verifier';

const ISSUER = 'https://identity.test';
const USER = '00000000-0000-4000-8000-000000000001';
const SESSION = '00000000-0000-4000-8000-000000000002';
const T0 = Date.parse('2030-01-01T00:00:00Z');

type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
type SigningKey = {
  kid: string;
  privateKey: Awaited<ReturnType<Jose['generateKeyPair']>>['privateKey'];
  jwk: Awaited<ReturnType<Jose['exportJWK']>>;
};

async function signingKey(kid: string): Promise<SigningKey> {
  const { generateKeyPair, exportJWK } = await import('jose');
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' } };
}

async function accessToken(
  key: SigningKey,
  claims: { sub?: string; expiresInS?: number; aud?: string } = {},
) {
  const { SignJWT } = await import('jose');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    token_use: 'access',
    user_type: 'authenticated',
    groups: ['fans'],
    username: 'ana',
    sid: SESSION,
  })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid })
    .setSubject(claims.sub ?? USER)
    .setIssuer(ISSUER)
    .setAudience(claims.aud ?? TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + (claims.expiresInS ?? 900))
    .sign(key.privateKey);
}

/** Identity's JWKS reply, whichever keys it currently publishes. */
class FakeIdentity {
  published: SigningKey[] = [];
  fetches = 0;
  readonly client = {
    request: () => {
      this.fetches++;
      return Promise.resolve({ keys: this.published.map((key) => key.jwk), issuer: ISSUER });
    },
  } as unknown as ServiceClient;
}

class SmallVerifier extends JwtVerifier {
  protected override readonly maxVerified = 2;
}

/** A character in the middle of the signature changed: the same header and claims, another signature. */
function tampered(token: string): string {
  const at = token.length - 20;
  return token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
}

interface Setup {
  verifier: JwtVerifier;
  identity: FakeIdentity;
  key: SigningKey;
  /** Full signature-and-claims checks so far. */
  checks: () => number;
}

async function setUp(): Promise<Setup> {
  const identity = new FakeIdentity();
  const key = await signingKey('k1');
  identity.published = [key];
  const verifier = new SmallVerifier(identity.client);
  const spy = jest.spyOn(verifier as unknown as { verifyWith: () => Promise<unknown> }, 'verifyWith');
  return { verifier, identity, key, checks: () => spy.mock.calls.length };
}

const cases: Array<{ name: string; run: (s: Setup) => Promise<void> }> = [
  {
    name: 'a token verified once is served from the cache: same actor, no second check',
    run: async ({ verifier, key, checks }) => {
      const token = await accessToken(key);
      const first = await verifier.verify(token);
      const second = await verifier.verify(token);
      expect(second).toEqual(first);
      expect(first).toEqual({
        userId: USER,
        userType: 'authenticated',
        groups: ['fans'],
        sessionId: SESSION,
      });
      expect(checks()).toBe(1);
    },
  },
  {
    name: 'another token is a miss and verified',
    run: async ({ verifier, key, checks }) => {
      await verifier.verify(await accessToken(key));
      const other = await verifier.verify(
        await accessToken(key, { sub: '00000000-0000-4000-8000-000000000009' }),
      );
      expect(other.userId).toBe('00000000-0000-4000-8000-000000000009');
      expect(checks()).toBe(2);
    },
  },
  {
    name: 'a token whose exp passes while cached is refused',
    run: async ({ verifier, key }) => {
      const token = await accessToken(key, { expiresInS: 60 });
      await verifier.verify(token);
      jest.setSystemTime(T0 + 30_000);
      await expect(verifier.verify(token)).resolves.toMatchObject({ userId: USER });
      jest.setSystemTime(T0 + 66_000);
      await expect(verifier.verify(token)).rejects.toThrow('The access token has expired');
    },
  },
  {
    name: 'a token is re-verified after the 5 min cap, well before its exp',
    run: async ({ verifier, key, checks }) => {
      const token = await accessToken(key, { expiresInS: 3600 });
      await verifier.verify(token);
      jest.setSystemTime(T0 + 4 * 60_000);
      await verifier.verify(token);
      expect(checks()).toBe(1);
      jest.setSystemTime(T0 + 5 * 60_000 + 1);
      await verifier.verify(token);
      expect(checks()).toBe(2);
    },
  },
  {
    name: 'the bound evicts the least recently used token',
    run: async ({ verifier, key, checks }) => {
      const [a, b, c] = await Promise.all(
        [1, 2, 3].map(() => accessToken(key, { sub: crypto.randomUUID() })),
      );
      await verifier.verify(a);
      await verifier.verify(b);
      await verifier.verify(a); // a is now the most recently used
      await verifier.verify(c); // evicts b
      expect(checks()).toBe(3);
      await verifier.verify(a);
      expect(checks()).toBe(3);
      await verifier.verify(b);
      expect(checks()).toBe(4);
    },
  },
  {
    name: 'a tampered token (same header and claims, another signature) is not served from the cache',
    run: async ({ verifier, key, checks }) => {
      const token = await accessToken(key);
      await verifier.verify(token);
      await expect(verifier.verify(tampered(token))).rejects.toThrow('The access token is not valid');
      expect(checks()).toBe(2);
    },
  },
  {
    name: 'a failed verification is never cached',
    run: async ({ verifier, key, checks }) => {
      const token = await accessToken(key, { aud: 'someone-else' });
      await expect(verifier.verify(token)).rejects.toThrow('The access token is not valid');
      await expect(verifier.verify(token)).rejects.toThrow('The access token is not valid');
      expect(checks()).toBe(2);
    },
  },
  {
    name: 'a key rotation forgets tokens signed with a key no longer published',
    run: async ({ verifier, identity, key }) => {
      const old = await accessToken(key, { expiresInS: 3600 });
      await verifier.verify(old);
      const next = await signingKey('k2');
      identity.published = [next]; // k1 withdrawn
      jest.setSystemTime(T0 + 31_000); // past the JWKS refetch rate limit
      await verifier.verify(await accessToken(next)); // unknown kid: refetches the key set
      expect(identity.fetches).toBe(2);
      await expect(verifier.verify(old)).rejects.toThrow('The access token is not valid');
    },
  },
];

describe('JwtVerifier: verified access tokens cached (issue 25)', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'setTimeout'] });
    jest.setSystemTime(T0);
  });
  afterEach(() => jest.useRealTimers());

  it.each(cases)('$name', async ({ run }) => run(await setUp()));
});
