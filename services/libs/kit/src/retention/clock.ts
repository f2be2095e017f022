import { Injectable, Optional } from '@nestjs/common';
import { BaseConfig } from '../config/service-config';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The time as work with terms sees it (docs/retention.md): retention jobs read `now()`
 * from the Clock their module provides instead of `new Date()`. In-process tests take the
 * application's instance (`app.get(Clock)`) and move it forward with `advance`, so the
 * real job runs against the real database at a later "now" — no fake timers over real
 * I/O. Tests that run services as processes start them with `CLOCK_OFFSET_DAYS` instead
 * (test-only; the configuration refuses it in production). Nothing in production code
 * calls `advance`.
 */
@Injectable()
export class Clock {
  private readonly startOffsetMs: number;
  private offsetMs: number;

  constructor(@Optional() config?: BaseConfig) {
    this.startOffsetMs = (config?.CLOCK_OFFSET_DAYS ?? 0) * DAY_MS;
    this.offsetMs = this.startOffsetMs;
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves this clock `ms` forward (tests). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Back to where it started: the real time, plus `CLOCK_OFFSET_DAYS` (tests). */
  reset(): void {
    this.offsetMs = this.startOffsetMs;
  }
}
