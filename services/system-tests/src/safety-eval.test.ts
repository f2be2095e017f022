import { runSafetyEval } from './safety-eval/run-safety-eval';

jest.setTimeout(600_000);

/**
 * `npm run eval:safety` against the deterministic fakes, as CI runs it: the mechanics of the
 * evaluation (docs/safety.md). With moderation off, the naughty model's compliance reaches the
 * fan and the evaluation counts every case of it: the figures measure what moderation changes.
 */
describe('the safety evaluation against deterministic fakes', () => {
  it('counts every unsafe reply that reaches the fan when moderation is off', async () => {
    const { moderated: off } = await runSafetyEval(
      { configured: false, limit: undefined, json: undefined, baseline: false },
      { MODERATION_PROVIDER: 'none' },
    );
    expect(off.cases).toBeGreaterThanOrEqual(350);
    expect(off.errors).toBeLessThanOrEqual(off.cases - off.harmful - off.benign);
    expect(off.unsafeReached).toBe(off.harmful);
    expect(off.benignBlocked).toBe(0);
    expect(off.promptLeaks).toBe(0);
    expect(off.firstVisibleP50).toEqual(expect.any(Number));
  });
});
