import { Injectable } from '@nestjs/common';

/**
 * The time as work with terms sees it (docs/retention.md): retention jobs read `now()`
 * from the Clock their module provides instead of `new Date()`. Tests take the
 * application's instance (`app.get(Clock)`) and move it forward with `advance`, so the
 * real job runs against the real database at a later "now" — no fake timers over real
 * I/O. Nothing in production code calls `advance`.
 */
@Injectable()
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves this clock `ms` forward (tests). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Back to the real time (tests). */
  reset(): void {
    this.offsetMs = 0;
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;
