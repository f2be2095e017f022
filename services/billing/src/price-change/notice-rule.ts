import { PRICE_CHANGE_NOTICE_DAYS } from '@backtalk/proto';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The renewal `months` months after `anchor`, as Stripe bills a monthly subscription: the same
 * day of the month and time of day, or the month's last day when it has no such day (31 January →
 * 28 or 29 February → 31 March), always counted from the anchor, never from a clamped date.
 */
export function renewalAfter(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/**
 * Spec §9, 30 days' notice (docs/billing.md, "Price changes with notice"): an existing subscriber
 * moves to a new price at their first renewal at least `noticeDays` days after the notice. Renewals
 * are the current period's end and every month after it; a renewal exactly 30 days after the
 * notice counts.
 */
export function effectiveRenewal(
  periodEnd: Date,
  noticeAt: Date,
  noticeDays: number = PRICE_CHANGE_NOTICE_DAYS,
): Date {
  const earliest = noticeAt.getTime() + noticeDays * DAY_MS;
  for (let months = 0; ; months++) {
    const renewal = renewalAfter(periodEnd, months);
    if (renewal.getTime() >= earliest) return renewal;
  }
}
