const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** The Monday 00:00 UTC that starts the week `at` falls in (weeks as on /creator/payments). */
export function weekStartOf(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS);
}

/**
 * The week a digest sent at `now` reports (docs/creators.md, "Weekly digest"): the last complete
 * one, [Monday 00:00 UTC a week ago, this Monday 00:00 UTC). All of a week's sends name the same
 * week, whenever in the following week they run: it is the digest's idempotency key.
 */
export function digestWeekOf(now: Date): { from: Date; to: Date } {
  const to = weekStartOf(now);
  return { from: new Date(to.getTime() - WEEK_MS), to };
}
