import { sharePercent, sharePromise } from './share-promise';

describe("the creator's share beside the 80% promise", () => {
  it.each([
    ['$10.00 at the default 10% fee', 900, 1000, 90],
    ['$5.05 at 10% (a 51¢ fee, half a cent up)', 454, 505, 90],
    ['exactly 80% (a 20% fee)', 800, 1000, 80],
    ['a 25% fee', 750, 1000, 75],
    ['no price', 0, 0, 0],
  ])('%s: %s of %s is %s%%', (_case, share, price, percent) => {
    expect(sharePercent(share, price)).toBe(percent);
  });

  it('explains the promise and the real share when the promise holds', () => {
    expect(sharePromise(900, 1000)).toBe(
      "Backtalk promises creators at least 80% of what fans pay, leaving room for the platform fee and card costs; with today's platform fee you keep 90%.",
    );
    expect(sharePromise(800, 1000)).toContain('you keep 80%.');
  });

  it('says plainly when this server keeps more than the promise allows', () => {
    expect(sharePromise(750, 1000)).toBe(
      "You keep 75%, less than the 80% Backtalk promises creators: this server's platform fee is above 20%. Its operator sets the fee (PLATFORM_FEE_PERCENT).",
    );
  });
});
