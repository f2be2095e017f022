import type { FreeTierScope } from './free-tier-counter.entity';

/**
 * The free-tier rule as a table, read by two tests: fixed-window.spec.ts runs it against
 * freeTierDecision, fixed-window.medium.spec.ts against the `send_turn` SQL function, so the
 * two cannot drift apart. Times are relative to the send's instant, in milliseconds.
 */

/** A counter: its count, and how long after the send its window ends (0 or less: it has ended). */
export interface WindowAt {
  count: number;
  endsIn: number;
}

interface OriginAllowanceCase {
  scope: FreeTierScope;
  limit: number;
  window: WindowAt | null;
}

export interface FreeTierCase {
  case: string;
  /** Subscribed to the creator, or the bypassSubscriptions flag on. */
  unlimited: boolean;
  /** Moderation held the message back from the model (a safety notice or crisis care answers it). */
  held?: true;
  /** FREE_TIER_MESSAGES, and the fan's counter before the send (null: no message yet). */
  limit: number;
  fan: WindowAt | null;
  /** The address's and device's allowances, when the gateway passed the request's origin. */
  origin: OriginAllowanceCase[];
  canSendMessage: boolean;
  nextAvailableIn: number | null;
  /** The fan's counter after the send, then each origin counter's. */
  after: (WindowAt | null)[];
}

const SECOND = 1000;
/** FREE_TIER_WINDOW_SECONDS in every row. */
export const WINDOW_SECONDS = 60;
const WINDOW = WINDOW_SECONDS * SECOND;
const LIMIT = 3;

const at = (count: number, endsIn: number): WindowAt => ({ count, endsIn });
const fresh = at(1, WINDOW);

export const FREE_TIER_CASES: FreeTierCase[] = [
  {
    case: 'first message ever: a window starts',
    unlimited: false,
    limit: LIMIT,
    fan: null,
    origin: [],
    canSendMessage: true,
    nextAvailableIn: null,
    after: [fresh],
  },
  {
    case: 'under the limit: counted in the same window',
    unlimited: false,
    limit: LIMIT,
    fan: at(1, 30 * SECOND),
    origin: [],
    canSendMessage: true,
    nextAvailableIn: null,
    after: [at(2, 30 * SECOND)],
  },
  {
    case: 'the last free message of the window',
    unlimited: false,
    limit: LIMIT,
    fan: at(2, 30 * SECOND),
    origin: [],
    canSendMessage: true,
    nextAvailableIn: null,
    after: [at(3, 30 * SECOND)],
  },
  {
    case: 'at the limit: refused until the window ends',
    unlimited: false,
    limit: LIMIT,
    fan: at(3, 30 * SECOND),
    origin: [],
    canSendMessage: false,
    nextAvailableIn: 30 * SECOND,
    after: [at(3, 30 * SECOND)],
  },
  {
    case: 'over the limit (FREE_TIER_MESSAGES lowered since): refused',
    unlimited: false,
    limit: LIMIT,
    fan: at(5, 30 * SECOND),
    origin: [],
    canSendMessage: false,
    nextAvailableIn: 30 * SECOND,
    after: [at(5, 30 * SECOND)],
  },
  {
    case: 'at the limit 1 ms before the window ends: still refused',
    unlimited: false,
    limit: LIMIT,
    fan: at(3, 1),
    origin: [],
    canSendMessage: false,
    nextAvailableIn: 1,
    after: [at(3, 1)],
  },
  {
    case: 'at the limit exactly when the window ends: a new window starts',
    unlimited: false,
    limit: LIMIT,
    fan: at(3, 0),
    origin: [],
    canSendMessage: true,
    nextAvailableIn: null,
    after: [fresh],
  },
  {
    case: 'at the limit 1 ms after the window ended: a new window starts',
    unlimited: false,
    limit: LIMIT,
    fan: at(3, -1),
    origin: [],
    canSendMessage: true,
    nextAvailableIn: null,
    after: [fresh],
  },
  {
    case: 'a day after an unfinished window: the count starts again at 1',
    unlimited: false,
    limit: LIMIT,
    fan: at(1, -86_400 * SECOND),
    origin: [],
    canSendMessage: true,
    nextAvailableIn: null,
    after: [fresh],
  },
  {
    case: 'subscribed fan at the limit: sent, nothing counted',
    unlimited: true,
    limit: LIMIT,
    fan: at(3, 30 * SECOND),
    origin: [],
    canSendMessage: true,
    nextAvailableIn: null,
    after: [at(3, 30 * SECOND)],
  },
  {
    case: "subscribed fan's first message: no counter is started",
    unlimited: true,
    limit: LIMIT,
    fan: null,
    origin: [],
    canSendMessage: true,
    nextAvailableIn: null,
    after: [null],
  },
  {
    case: 'free tier off (limit 0): refused with no time to wait for',
    unlimited: false,
    limit: 0,
    fan: null,
    origin: [],
    canSendMessage: false,
    nextAvailableIn: null,
    after: [null],
  },
  {
    case: 'free tier turned off with a window open: still no time to wait for',
    unlimited: false,
    limit: 0,
    fan: at(1, 30 * SECOND),
    origin: [],
    canSendMessage: false,
    nextAvailableIn: null,
    after: [at(1, 30 * SECOND)],
  },
  {
    case: 'room everywhere: one message taken from the fan, the address and the device',
    unlimited: false,
    limit: LIMIT,
    fan: at(1, 30 * SECOND),
    origin: [
      { scope: 'address', limit: 5, window: null },
      { scope: 'device', limit: LIMIT, window: at(2, 20 * SECOND) },
    ],
    canSendMessage: true,
    nextAvailableIn: null,
    after: [at(2, 30 * SECOND), fresh, at(3, 20 * SECOND)],
  },
  {
    case: 'fan has room but the address is full: refused, nothing taken from the fan',
    unlimited: false,
    limit: LIMIT,
    fan: at(1, 30 * SECOND),
    origin: [{ scope: 'address', limit: 5, window: at(5, 50 * SECOND) }],
    canSendMessage: false,
    nextAvailableIn: 50 * SECOND,
    after: [at(1, 30 * SECOND), at(5, 50 * SECOND)],
  },
  {
    case: "fan's window ended but the device is full: refused, the fan's window not restarted",
    unlimited: false,
    limit: LIMIT,
    fan: at(3, -1),
    origin: [{ scope: 'device', limit: LIMIT, window: at(3, 1) }],
    canSendMessage: false,
    nextAvailableIn: 1,
    after: [at(3, -1), at(3, 1)],
  },
  {
    case: 'fan and device full: the time is when both have reset, the later',
    unlimited: false,
    limit: LIMIT,
    fan: at(3, 10 * SECOND),
    origin: [{ scope: 'device', limit: LIMIT, window: at(3, 40 * SECOND) }],
    canSendMessage: false,
    nextAvailableIn: 40 * SECOND,
    after: [at(3, 10 * SECOND), at(3, 40 * SECOND)],
  },
  {
    case: 'fan full, address allowance off (limit 0): no time to wait for',
    unlimited: false,
    limit: LIMIT,
    fan: at(3, 10 * SECOND),
    origin: [{ scope: 'address', limit: 0, window: null }],
    canSendMessage: false,
    nextAvailableIn: null,
    after: [at(3, 10 * SECOND), null],
  },
  {
    case: 'subscribed fan whose address is full: sent, nothing counted',
    unlimited: true,
    limit: LIMIT,
    fan: null,
    origin: [{ scope: 'address', limit: 5, window: at(5, 50 * SECOND) }],
    canSendMessage: true,
    nextAvailableIn: null,
    after: [null, at(5, 50 * SECOND)],
  },
  {
    case: 'held back by moderation under the limit: stored, nothing counted',
    unlimited: false,
    held: true,
    limit: LIMIT,
    fan: at(1, 30 * SECOND),
    origin: [{ scope: 'address', limit: 5, window: at(2, 30 * SECOND) }],
    canSendMessage: true,
    nextAvailableIn: null,
    after: [at(1, 30 * SECOND), at(2, 30 * SECOND)],
  },
  {
    case: 'held back by moderation at the limit (crisis care is never refused): stored, nothing counted',
    unlimited: false,
    held: true,
    limit: LIMIT,
    fan: at(3, 30 * SECOND),
    origin: [{ scope: 'device', limit: 3, window: at(3, 30 * SECOND) }],
    canSendMessage: true,
    nextAvailableIn: null,
    after: [at(3, 30 * SECOND), at(3, 30 * SECOND)],
  },
  {
    case: "held back as the fan's first message, free tier off: stored, no counter started",
    unlimited: false,
    held: true,
    limit: 0,
    fan: null,
    origin: [],
    canSendMessage: true,
    nextAvailableIn: null,
    after: [null],
  },
];
