import { FREE_TIER_CASES, WINDOW_SECONDS, type WindowAt } from './fixed-window.cases';
import { freeTierDecision, type RateLimitState } from './fixed-window';

const NOW = new Date('2030-03-01T12:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);
const stored = (window: WindowAt | null): RateLimitState | null =>
  window && { queryCount: window.count, resetTime: later(window.endsIn) };

describe('freeTierDecision', () => {
  it.each(FREE_TIER_CASES)(
    '$case',
    ({ unlimited, held, limit, fan, origin, canSendMessage, nextAvailableIn, after }) => {
      const decision = freeTierDecision({
        unlimited,
        held,
        allowances: [
          { limit, state: stored(fan) },
          ...origin.map((allowance) => ({ limit: allowance.limit, state: stored(allowance.window) })),
        ],
        windowSeconds: WINDOW_SECONDS,
        now: NOW,
      });

      expect(decision).toEqual({
        canSendMessage,
        nextAvailableTime: nextAvailableIn === null ? null : later(nextAvailableIn),
        after: after.map(stored),
      });
    },
  );
});
