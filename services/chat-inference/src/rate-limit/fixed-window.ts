/**
 * One fixed-window free-tier counter as stored (`user_rate_limits`, `free_tier_counters`).
 * Taking from it is one `INSERT … ON CONFLICT … WHERE` inside the `send_turn` function
 * (migration 1795400000000): PostgreSQL locks the row, so concurrent takes never exceed
 * the limit in a window.
 */
export interface RateLimitState {
  queryCount: number;
  resetTime: Date;
}
