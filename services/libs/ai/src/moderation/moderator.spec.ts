import type { ModerationCategory } from './moderation.port';
import { decideVerdict } from './moderator';

type Row = [
  string,
  'fan-message' | 'persona-reply',
  'minor' | 'adult',
  ModerationCategory[],
  ModerationCategory[] | 'failed',
  'block' | 'floor-only',
  { flagged: boolean; crisis: boolean; decidedBy: string },
];

describe('decideVerdict', () => {
  it.each<Row>([
    [
      'nothing found',
      'fan-message',
      'adult',
      [],
      [],
      'block',
      { flagged: false, crisis: false, decidedBy: 'provider' },
    ],
    [
      'provider flags',
      'fan-message',
      'adult',
      [],
      ['violence'],
      'block',
      { flagged: true, crisis: false, decidedBy: 'provider' },
    ],
    [
      'floor finds a crisis',
      'fan-message',
      'adult',
      ['self-harm'],
      [],
      'block',
      { flagged: true, crisis: true, decidedBy: 'floor' },
    ],
    [
      'provider finds intent',
      'fan-message',
      'adult',
      [],
      ['self-harm/intent'],
      'block',
      { flagged: true, crisis: true, decidedBy: 'provider' },
    ],
    [
      'adult profanity passes',
      'fan-message',
      'adult',
      ['profanity'],
      [],
      'block',
      { flagged: false, crisis: false, decidedBy: 'provider' },
    ],
    [
      'profanity to a minor fan passes',
      'fan-message',
      'minor',
      ['profanity'],
      [],
      'block',
      { flagged: false, crisis: false, decidedBy: 'provider' },
    ],
    [
      'profanity in a reply to a minor blocks',
      'persona-reply',
      'minor',
      ['profanity'],
      [],
      'block',
      { flagged: true, crisis: false, decidedBy: 'floor' },
    ],
    [
      'failed, block',
      'fan-message',
      'adult',
      [],
      'failed',
      'block',
      { flagged: true, crisis: false, decidedBy: 'failure-policy' },
    ],
    [
      'failed, floor-only',
      'fan-message',
      'adult',
      [],
      'failed',
      'floor-only',
      { flagged: false, crisis: false, decidedBy: 'provider' },
    ],
    [
      'failed, floor-only, minor',
      'persona-reply',
      'minor',
      [],
      'failed',
      'floor-only',
      { flagged: true, crisis: false, decidedBy: 'failure-policy' },
    ],
    [
      'failed, floor-only, floor finds',
      'fan-message',
      'adult',
      ['sexual/minors'],
      'failed',
      'floor-only',
      { flagged: true, crisis: false, decidedBy: 'floor' },
    ],
    [
      'failed, crisis still found',
      'fan-message',
      'adult',
      ['self-harm'],
      'failed',
      'block',
      { flagged: true, crisis: true, decidedBy: 'floor' },
    ],
  ])('%s', (_name, direction, audience, floor, provider, failurePolicy, expected) => {
    const verdict = decideVerdict({
      request: { direction, audience },
      floor,
      provider: provider === 'failed' ? null : { categories: provider, boundaryIds: [] },
      providerFailed: provider === 'failed',
      failurePolicy,
      providerName: 'openai',
    });
    expect({ flagged: verdict.flagged, crisis: verdict.crisis, decidedBy: verdict.decidedBy }).toEqual(
      expected,
    );
  });
});
