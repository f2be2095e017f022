import type { PriceChangeList } from '../../api';

type PriceChange = PriceChangeList['changes'][number];

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
const subscribers = (count: number) => `${count} ${count === 1 ? 'subscriber' : 'subscribers'}`;

/** One pending (or recent) price change on /creator/payments, in words. */
export function priceChangeText(change: PriceChange): { title: string; detail: string } {
  const title = `${dollars(change.fromPrice)} → ${dollars(change.toPrice)}, set on ${day(change.noticeAt)}`;
  if (change.subscribers === 0)
    return { title, detail: 'New fans pay the new price. No subscriber had to be told.' };
  const told = `New fans pay the new price. ${subscribers(change.subscribers)} emailed.`;
  if (change.pending === 0 || !change.firstEffectiveAt || !change.lastEffectiveAt)
    return { title, detail: `${told} Everyone has moved to the new price (or a later change replaced it).` };
  const when =
    day(change.firstEffectiveAt) === day(change.lastEffectiveAt)
      ? `on ${day(change.firstEffectiveAt)}`
      : `between ${day(change.firstEffectiveAt)} and ${day(change.lastEffectiveAt)}`;
  return {
    title,
    detail: `${told} ${subscribers(change.pending)} still on ${dollars(change.fromPrice)} move ${when}, at their first renewal at least 30 days after the notice.`,
  };
}
