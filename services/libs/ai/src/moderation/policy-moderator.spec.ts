import { metricsRegistry } from '@backtalk/kit';
import { Logger } from '@nestjs/common';
import {
  failureReason,
  type ModerationProvider,
  type ModerationRequest,
  ModerationUnavailableError,
  type ProviderVerdict,
} from './moderation.port';
import { PolicyModerator } from './moderator';

/** A provider answering as told: a verdict, a failure, or nothing at all. */
class ScriptedProvider implements ModerationProvider {
  readonly name = 'openai';
  constructor(private readonly answer: () => Promise<ProviderVerdict>) {}
  classify(_request: ModerationRequest, signal: AbortSignal): Promise<ProviderVerdict> {
    return Promise.race([
      this.answer(),
      new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () =>
          reject(new ModerationUnavailableError(this.name, failureReason(new Error('x'), signal))),
        ),
      ),
    ]);
  }
}

const SECRET_TEXT = 'my address is 12 Secret Lane';
const request = (audience: 'adult' | 'minor' = 'adult'): ModerationRequest => ({
  text: SECRET_TEXT,
  direction: 'fan-message',
  audience,
});

describe('PolicyModerator: a failing provider', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it.each([
    [
      'an unreachable server',
      () => Promise.reject(new ModerationUnavailableError('openai', 'ECONNREFUSED')),
      'ECONNREFUSED',
    ],
    ['no answer in time', () => new Promise<ProviderVerdict>(() => undefined), 'timed out'],
  ])(
    '%s is logged with the reason and what the policy did, never the text',
    async (_name, answer, reason) => {
      const moderator = new PolicyModerator(new ScriptedProvider(answer), {
        timeoutMs: 100,
        failurePolicy: 'block',
      });
      const verdict = await moderator.check(request());
      expect(verdict).toMatchObject({ flagged: true, decidedBy: 'failure-policy', provider: 'openai' });
      expect(warn).toHaveBeenCalledTimes(1);
      const [message] = warn.mock.calls[0] as [string];
      expect(message).toContain(reason);
      expect(message).toContain('blocked');
      expect(message).not.toContain('Secret');
    },
  );

  it('under floor-only an adult passes on the floor alone, and the log says so', async () => {
    const failing = new ScriptedProvider(() =>
      Promise.reject(new ModerationUnavailableError('openai', 'answered 503')),
    );
    const moderator = new PolicyModerator(failing, { timeoutMs: 100, failurePolicy: 'floor-only' });
    expect(await moderator.check(request())).toMatchObject({ flagged: false });
    expect(warn.mock.calls[0]?.[0]).toContain('floor-only');
    expect(await moderator.check(request('minor'))).toMatchObject({
      flagged: true,
      decidedBy: 'failure-policy',
    });
  });

  it('an answer is not a failure: nothing is logged', async () => {
    const moderator = new PolicyModerator(
      new ScriptedProvider(() => Promise.resolve({ categories: ['harassment'], boundaryIds: [] })),
      { timeoutMs: 100, failurePolicy: 'block' },
    );
    expect(await moderator.check(request())).toMatchObject({
      flagged: true,
      categories: ['harassment'],
      decidedBy: 'provider',
    });
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('failureReason', () => {
  it.each([
    [
      'a network code',
      Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }),
      false,
      'ECONNREFUSED',
    ],
    ['an error whose message may echo the text', new Error(`400: ${SECRET_TEXT}`), false, 'Error'],
    ['something thrown that is no error', 'boom', false, 'an error'],
    ['an aborted call', new Error('aborted'), true, 'timed out'],
  ])('%s', (_name, error, aborted, reason) => {
    const controller = new AbortController();
    if (aborted) controller.abort();
    expect(failureReason(error, controller.signal)).toBe(reason);
  });
});

describe('PolicyModerator: the decision counter', () => {
  async function counted(labels: Record<string, string>): Promise<number> {
    const metric = (await metricsRegistry.getMetricsAsJSON()).find(
      (entry) => entry.name === 'backtalk_moderation_decisions_total',
    );
    const values = (metric?.values ?? []) as { labels: Record<string, string>; value: number }[];
    return values
      .filter((value) => Object.entries(labels).every(([key, wanted]) => value.labels[key] === wanted))
      .reduce((sum, value) => sum + value.value, 0);
  }

  it.each([
    ['what the fuck, that video was great', 'profanity', 'passed'],
    ['you are worthless and everyone hates you', 'harassment', 'flagged'],
    ['what is your favourite recipe', 'none', 'passed'],
  ])('%j counts as %s, %s', async (text, category, outcome) => {
    const provider = new ScriptedProvider(() =>
      Promise.resolve({ categories: text.includes('worthless') ? ['harassment'] : [], boundaryIds: [] }),
    );
    const moderator = new PolicyModerator(provider, { timeoutMs: 1_000, failurePolicy: 'block' });
    const labels = { direction: 'fan-message', category, provider: 'openai', outcome };
    const before = await counted(labels);
    await moderator.check({ text, direction: 'fan-message', audience: 'adult' });
    expect(await counted(labels)).toBe(before + 1);
  });
});
