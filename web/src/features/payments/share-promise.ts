/** What the landing page promises creators (spec §1: "the creator keeps 80% of revenue"). */
const PROMISED_SHARE_PERCENT = 80;

/** The creator's share of a price as a whole percent (90 for $9.00 of $10.00). */
export const sharePercent = (creatorShare: number, price: number): number =>
  price > 0 ? Math.round((creatorShare / price) * 100) : 0;

/**
 * Spec §1 keeps two readings of the creator's share: "keeps 80%" and a 10% platform fee. One
 * presentation (docs/billing.md, "The creator's share"): the landing page promises *at least* 80%,
 * and the payments page shows the real share of the creator's own price beside that promise, so a
 * creator who read 80% sees why they get 90%, or plainly that this server's fee breaks the promise.
 */
export function sharePromise(creatorShare: number, price: number): string {
  const share = sharePercent(creatorShare, price);
  return share >= PROMISED_SHARE_PERCENT
    ? `Backtalk promises creators at least ${PROMISED_SHARE_PERCENT}% of what fans pay, leaving room for the platform fee and card costs; with today's platform fee you keep ${share}%.`
    : `You keep ${share}%, less than the ${PROMISED_SHARE_PERCENT}% Backtalk promises creators: this server's platform fee is above ${100 - PROMISED_SHARE_PERCENT}%. Its operator sets the fee (PLATFORM_FEE_PERCENT).`;
}
