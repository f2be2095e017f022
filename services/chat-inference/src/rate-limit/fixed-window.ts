/**
 * One fixed-window free-tier counter as stored (`user_rate_limits`, `free_tier_counters`).
 * Taking from it is one `INSERT … ON CONFLICT … WHERE` inside the `send_turn` function
 * (migrations 1795400000000, 1795700000000): PostgreSQL locks the row, so concurrent takes
 * never exceed the limit in a window.
 */
export interface RateLimitState {
  queryCount: number;
  resetTime: Date;
}

/** One allowance a send must fit: its limit per window and its counter (null: never used). */
export interface FreeTierAllowanceState {
  limit: number;
  state: RateLimitState | null;
}

export interface FreeTierDecision {
  /** Whether a message sent at `now` fits every allowance (what the status check answers too). */
  canSendMessage: boolean;
  /** When every full allowance has reset; null when one never does (a limit of 0) or none is full. */
  nextAvailableTime: Date | null;
  /** Each allowance's counter after the send: taken from when sent, unchanged when refused or unlimited. */
  after: (RateLimitState | null)[];
}

/**
 * The free-tier rule (spec §4, §9; docs/chat.md "Sending a message"), decided for one message
 * at `now`. Subscribers and the bypassSubscriptions flag (`unlimited`) take nothing, nor does a
 * message moderation `held` back from the model (it is answered by a notice, docs/safety.md). Otherwise
 * the message takes one from every allowance (the fan's, then the address's and the device's)
 * or, when one is full, from none. A window starts at the first message after the last one
 * ended, and has ended at its `resetTime` exactly. `send_turn` applies the same rule in SQL;
 * free-tier-window.medium.spec.ts runs this function's table against it.
 */
export function freeTierDecision(input: {
  unlimited: boolean;
  held?: boolean;
  allowances: FreeTierAllowanceState[];
  windowSeconds: number;
  now: Date;
}): FreeTierDecision {
  const { allowances, now } = input;
  const unchanged = allowances.map((allowance) => allowance.state);
  if (input.unlimited || input.held)
    return { canSendMessage: true, nextAvailableTime: null, after: unchanged };
  const full = allowances.filter((allowance) => isFull(allowance, now));
  if (full.length > 0)
    return { canSendMessage: false, nextAvailableTime: latestReset(full), after: unchanged };
  const windowEnd = new Date(now.getTime() + input.windowSeconds * 1000);
  return {
    canSendMessage: true,
    nextAvailableTime: null,
    after: allowances.map(({ state }) =>
      state && !hasEnded(state, now)
        ? { queryCount: state.queryCount + 1, resetTime: state.resetTime }
        : { queryCount: 1, resetTime: windowEnd },
    ),
  };
}

function isFull({ limit, state }: FreeTierAllowanceState, now: Date): boolean {
  if (limit <= 0) return true;
  return state !== null && !hasEnded(state, now) && state.queryCount >= limit;
}

function hasEnded(state: RateLimitState, now: Date): boolean {
  return state.resetTime.getTime() <= now.getTime();
}

/** The time every full allowance has reset; null when one never resets (a limit of 0). */
function latestReset(full: FreeTierAllowanceState[]): Date | null {
  if (full.some(({ limit }) => limit <= 0)) return null;
  return new Date(Math.max(...full.map(({ state }) => state!.resetTime.getTime())));
}
