import { MIN_SUBSCRIPTION_PRICE_CENTS } from '@backtalk/proto';
import { platformFeeOf, priceSplit } from './price-split';

describe('priceSplit', () => {
  /**
   * What a monthly payment of `price` cents becomes at the platform fee `percent`
   * (PLATFORM_FEE_PERCENT: 0 to 100, fractions allowed). The fee is rounded to the nearest
   * cent, a half cent up (to the platform); the creator gets the rest, so fee + share is
   * always the price. Stripe's fee is an estimate: 2.9% to the nearest cent, plus 30¢.
   */
  it.each`
    price   | percent | platformFee | creatorShare | stripeFeeEstimate | why
    ${500}  | ${0}    | ${0}        | ${500}       | ${45}             | ${'the minimum price, no fee'}
    ${500}  | ${10}   | ${50}       | ${450}       | ${45}             | ${'the minimum price, the default fee'}
    ${500}  | ${33}   | ${165}      | ${335}       | ${45}             | ${'the minimum price, a third'}
    ${500}  | ${100}  | ${500}      | ${0}         | ${45}             | ${'the whole price'}
    ${501}  | ${10}   | ${50}       | ${451}       | ${45}             | ${'50.1¢ rounds down'}
    ${505}  | ${10}   | ${51}       | ${454}       | ${45}             | ${'50.5¢: a half cent rounds up'}
    ${505}  | ${33}   | ${167}      | ${338}       | ${45}             | ${'166.65¢ rounds up'}
    ${999}  | ${10}   | ${100}      | ${899}       | ${59}             | ${'99.9¢ rounds up'}
    ${999}  | ${33}   | ${330}      | ${669}       | ${59}             | ${'329.67¢ rounds up'}
    ${1000} | ${10}   | ${100}      | ${900}       | ${59}             | ${"the spec's $10 at the default fee"}
    ${1001} | ${33}   | ${330}      | ${671}       | ${59}             | ${'330.33¢ rounds down'}
    ${1015} | ${10}   | ${102}      | ${913}       | ${59}             | ${'101.5¢: a half cent rounds up'}
    ${1050} | ${33}   | ${347}      | ${703}       | ${60}             | ${'346.5¢: a half cent rounds up'}
    ${1000} | ${12.5} | ${125}      | ${875}       | ${59}             | ${'a fractional percent'}
    ${1004} | ${12.5} | ${126}      | ${878}       | ${59}             | ${'125.5¢: a half cent rounds up'}
    ${1234} | ${0}    | ${0}        | ${1234}      | ${66}             | ${'no fee: the creator gets it all'}
  `(
    '$price¢ at $percent%: fee $platformFee, creator $creatorShare ($why)',
    ({ price, percent, platformFee, creatorShare, stripeFeeEstimate }: Record<string, number>) => {
      expect(priceSplit(price!, percent!)).toEqual({
        pricePerSubscription: price,
        currency: 'usd',
        platformFeePercent: percent,
        platformFee,
        stripeFeeEstimate,
        creatorShare,
      });
      expect(platformFeeOf(price!, percent!)).toBe(platformFee);
    },
  );

  it('keeps fee + share equal to the price, the fee within half a cent of the percent, for every price to $100', () => {
    const wrong: string[] = [];
    for (const percent of [0, 10, 12.5, 33, 100])
      for (let price = MIN_SUBSCRIPTION_PRICE_CENTS; price <= 10_000; price++) {
        const { platformFee, creatorShare } = priceSplit(price, percent);
        const exact = (price * percent) / 100;
        if (!Number.isInteger(platformFee) || platformFee + creatorShare !== price || creatorShare < 0)
          wrong.push(`${price}¢ at ${percent}%: ${platformFee} + ${creatorShare}`);
        if (Math.abs(platformFee - exact) > 0.5 || (exact % 1 === 0.5 && platformFee < exact))
          wrong.push(`${price}¢ at ${percent}%: fee ${platformFee} for ${exact}`);
      }
    expect(wrong).toEqual([]);
  });
});
