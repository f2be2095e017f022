import type { EntityManager } from 'typeorm';

export interface RateLimitState {
  queryCount: number;
  resetTime: Date;
}

/** A counter row: its table, the columns written on insert, and those that identify it. */
export interface CounterRow {
  table: 'user_rate_limits' | 'free_tier_counters';
  /** Column → value for a new row (identifying columns included). */
  columns: Record<string, string>;
  /** The columns of the row's unique key. */
  conflictOn: string[];
}

/**
 * Takes one from a fixed-window counter, or nothing when `limit` is reached
 * in the current window. One INSERT … ON CONFLICT … WHERE: PostgreSQL locks
 * the row, so concurrent takes never exceed the limit in a window.
 */
export async function takeFromFixedWindow(
  db: EntityManager,
  row: CounterRow,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitState | null> {
  if (limit <= 0) return null;
  const names = Object.keys(row.columns);
  const values = Object.values(row.columns);
  const limitParam = `$${values.length + 1}`;
  const windowParam = `$${values.length + 2}`;
  const rows: RateLimitState[] = await db.query(
    `INSERT INTO "${row.table}" AS current (${names.map((name) => `"${name}"`).join(', ')}, "queryCount", "resetTime")
     VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')}, 1, now() + make_interval(secs => ${windowParam}))
     ON CONFLICT (${row.conflictOn.map((name) => `"${name}"`).join(', ')}) DO UPDATE SET
       "queryCount" = CASE WHEN current."resetTime" <= now() THEN 1 ELSE current."queryCount" + 1 END,
       "resetTime" = CASE WHEN current."resetTime" <= now() THEN now() + make_interval(secs => ${windowParam}) ELSE current."resetTime" END
     WHERE current."resetTime" <= now() OR current."queryCount" < ${limitParam}
     RETURNING "queryCount", "resetTime"`,
    [...values, limit, windowSeconds],
  );
  return rows[0] ?? null;
}
