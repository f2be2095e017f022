import { type SpentTokenVerdict, spentTokenVerdict, type StoredRefreshToken } from './refresh-reuse';

const NOW = new Date('2030-03-01T12:00:00.000Z');
const SECOND = 1000;
const DAY = 86_400 * SECOND;
/** REFRESH_REUSE_GRACE_SECONDS's default. */
const GRACE_SECONDS = 10;

const ago = (ms: number) => new Date(NOW.getTime() - ms);
const token = (overrides: Partial<StoredRefreshToken> = {}): StoredRefreshToken => ({
  usedAt: null,
  revokedAt: null,
  expiresAt: new Date(NOW.getTime() + 30 * DAY),
  ...overrides,
});
/** The presented token, rotated `msAgo` before now. */
const rotated = (msAgo: number, overrides: Partial<StoredRefreshToken> = {}) =>
  token({ usedAt: ago(msAgo), ...overrides });
const liveSuccessor = token();

const rows: {
  case: string;
  presented: StoredRefreshToken | null;
  successor: StoredRefreshToken | null;
  graceSeconds: number;
  verdict: SpentTokenVerdict;
}[] = [
  {
    case: 'unknown token',
    presented: null,
    successor: null,
    graceSeconds: GRACE_SECONDS,
    verdict: 'TOKEN_INVALID',
  },
  {
    case: 'never used, expired',
    presented: token({ expiresAt: ago(1) }),
    successor: null,
    graceSeconds: GRACE_SECONDS,
    verdict: 'TOKEN_INVALID',
  },
  {
    case: 'never used, revoked by sign-out',
    presented: token({ revokedAt: ago(SECOND) }),
    successor: null,
    graceSeconds: GRACE_SECONDS,
    verdict: 'TOKEN_INVALID',
  },
  {
    case: 'rotated, then its family revoked',
    presented: rotated(2 * SECOND, { revokedAt: ago(SECOND) }),
    successor: token({ revokedAt: ago(SECOND) }),
    graceSeconds: GRACE_SECONDS,
    verdict: 'TOKEN_INVALID',
  },
  {
    case: 'second tab at the same instant, successor unused',
    presented: rotated(0),
    successor: liveSuccessor,
    graceSeconds: GRACE_SECONDS,
    verdict: 'REUSE_GRACE',
  },
  {
    case: 'rotated 1 ms before the grace ends',
    presented: rotated(GRACE_SECONDS * SECOND - 1),
    successor: liveSuccessor,
    graceSeconds: GRACE_SECONDS,
    verdict: 'REUSE_GRACE',
  },
  {
    case: 'rotated exactly the grace ago: still within it',
    presented: rotated(GRACE_SECONDS * SECOND),
    successor: liveSuccessor,
    graceSeconds: GRACE_SECONDS,
    verdict: 'REUSE_GRACE',
  },
  {
    case: 'rotated the grace and 1 ms ago: reuse',
    presented: rotated(GRACE_SECONDS * SECOND + 1),
    successor: liveSuccessor,
    graceSeconds: GRACE_SECONDS,
    verdict: 'TOKEN_REUSED',
  },
  {
    case: 'rotated a day ago: reuse',
    presented: rotated(DAY),
    successor: liveSuccessor,
    graceSeconds: GRACE_SECONDS,
    verdict: 'TOKEN_REUSED',
  },
  {
    case: 'within the grace, but the successor was used in turn',
    presented: rotated(2 * SECOND),
    successor: token({ usedAt: ago(SECOND) }),
    graceSeconds: GRACE_SECONDS,
    verdict: 'TOKEN_REUSED',
  },
  {
    case: 'within the grace, but the family was signed out as the successor was read',
    presented: rotated(2 * SECOND),
    successor: token({ revokedAt: ago(SECOND) }),
    graceSeconds: GRACE_SECONDS,
    verdict: 'TOKEN_REUSED',
  },
  {
    case: 'within the grace, but the successor expires at this instant',
    presented: rotated(2 * SECOND),
    successor: token({ expiresAt: NOW }),
    graceSeconds: GRACE_SECONDS,
    verdict: 'TOKEN_REUSED',
  },
  {
    case: 'within the grace, but no successor is recorded',
    presented: rotated(2 * SECOND),
    successor: null,
    graceSeconds: GRACE_SECONDS,
    verdict: 'TOKEN_REUSED',
  },
  {
    case: 'within the grace, the presented token expired since its rotation',
    presented: rotated(2 * SECOND, { expiresAt: ago(SECOND) }),
    successor: liveSuccessor,
    graceSeconds: GRACE_SECONDS,
    verdict: 'REUSE_GRACE',
  },
  {
    case: 'grace off (0): a second tab at the same instant is reuse',
    presented: rotated(0),
    successor: liveSuccessor,
    graceSeconds: 0,
    verdict: 'TOKEN_REUSED',
  },
];

describe('spentTokenVerdict', () => {
  it.each(rows)('$case: $verdict', ({ presented, successor, graceSeconds, verdict }) => {
    expect(spentTokenVerdict({ token: presented, successor, now: NOW, graceSeconds })).toBe(verdict);
  });
});
