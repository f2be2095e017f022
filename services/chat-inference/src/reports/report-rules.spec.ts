import { coolDownMessage } from './report.errors';
import {
  cooldownDue,
  cooldownEnd,
  fanLabel,
  reportRefusal,
  resolveReport,
  sendRefusal,
} from './report-rules';

const fan = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';
const creatorA = '33333333-3333-4333-8333-333333333333';
const creatorB = '44444444-4444-4444-8444-444444444444';

describe('reportRefusal: who may report what', () => {
  it.each([
    [
      'a reply of their own conversation',
      { conversationOwner: fan, role: 'assistant', openReportByReporter: false },
      null,
    ],
    [
      "another fan's reply",
      { conversationOwner: other, role: 'assistant', openReportByReporter: false },
      'message-not-found',
    ],
    [
      'a message that is not there',
      { conversationOwner: null, role: null, openReportByReporter: false },
      'message-not-found',
    ],
    [
      'their own message',
      { conversationOwner: fan, role: 'user', openReportByReporter: false },
      'not-a-reply',
    ],
    [
      'a reply they already reported (open)',
      { conversationOwner: fan, role: 'assistant', openReportByReporter: true },
      'already-open',
    ],
    [
      "another fan's reply they somehow reported",
      { conversationOwner: other, role: 'assistant', openReportByReporter: true },
      'message-not-found',
    ],
  ] as const)('%s → %s', (_name, target, refusal) => {
    expect(reportRefusal(fan, target)).toBe(refusal);
  });
});

describe('resolveReport: state transitions', () => {
  it.each([
    ['open', 'dismiss', { state: 'dismissed', action: 'dismiss' }],
    ['open', 'hide-message', { state: 'actioned', action: 'hide-message' }],
    ['open', 'cool-down-fan', { state: 'actioned', action: 'cool-down-fan' }],
    ['open', 'suspend-fan', { state: 'actioned', action: 'suspend-fan' }],
    ['open', 'pause-persona', { state: 'actioned', action: 'pause-persona' }],
    ['dismissed', 'hide-message', 'closed'],
    ['dismissed', 'dismiss', 'closed'],
    ['actioned', 'dismiss', 'closed'],
    ['actioned', 'suspend-fan', 'closed'],
    ['actioned', 'lift-fan-standing', 'unchanged'],
    ['actioned', 'unhide-message', 'unchanged'],
    ['dismissed', 'lift-fan-standing', 'unchanged'],
    ['open', 'lift-fan-standing', 'unchanged'],
    ['open', 'unhide-message', 'unchanged'],
  ] as const)('%s + %s → %j', (state, action, result) => {
    expect(resolveReport(state, action)).toEqual(result);
  });
});

describe('fanLabel', () => {
  it('is stable for one fan and creator, differs across creators and fans, and never shows the id', () => {
    expect(fanLabel(creatorA, fan)).toBe(fanLabel(creatorA, fan));
    expect(fanLabel(creatorA, fan)).toMatch(/^Fan [0-9A-F]{6}$/);
    expect(fanLabel(creatorA, fan)).not.toBe(fanLabel(creatorB, fan));
    expect(fanLabel(creatorA, fan)).not.toBe(fanLabel(creatorA, other));
    expect(fanLabel(creatorA, fan).toLowerCase()).not.toContain(fan.slice(0, 6));
  });
});

describe('sendRefusal', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const later = new Date('2026-11-27T13:00:00Z');
  const earlier = new Date('2026-11-27T11:00:00Z');
  it.each([
    ['nothing set', { suspended: false, cooledDownUntil: null, personaPaused: false }, null],
    ['suspended', { suspended: true, cooledDownUntil: null, personaPaused: false }, { kind: 'suspended' }],
    [
      'cooled down',
      { suspended: false, cooledDownUntil: later, personaPaused: false },
      { kind: 'cooled-down', until: later },
    ],
    ['a cool-down that ended', { suspended: false, cooledDownUntil: earlier, personaPaused: false }, null],
    ['a cool-down ending now', { suspended: false, cooledDownUntil: now, personaPaused: false }, null],
    [
      'persona paused',
      { suspended: false, cooledDownUntil: null, personaPaused: true },
      { kind: 'persona-paused' },
    ],
    [
      'suspended and cooled down',
      { suspended: true, cooledDownUntil: later, personaPaused: true },
      { kind: 'suspended' },
    ],
    [
      'cooled down and paused',
      { suspended: false, cooledDownUntil: later, personaPaused: true },
      { kind: 'cooled-down', until: later },
    ],
  ] as const)('%s', (_name, standing, refusal) => {
    expect(sendRefusal(standing, now)).toEqual(refusal);
  });
});

describe('cool-down after repeated blocks', () => {
  it.each([
    [0, 3, false],
    [2, 3, false],
    [3, 3, true],
    [4, 3, true],
    [1, 1, true],
  ])('%i blocked with threshold %i → %s', (blocked, threshold, due) => {
    expect(cooldownDue(blocked, threshold)).toBe(due);
  });

  it('never shortens a longer cool-down', () => {
    const short = new Date('2026-11-27T13:00:00Z');
    const long = new Date('2026-11-28T12:00:00Z');
    expect(cooldownEnd(long, short)).toBe(long);
    expect(cooldownEnd(short, long)).toBe(long);
    expect(cooldownEnd(null, short)).toBe(short);
  });
});

describe('coolDownMessage', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it.each([
    ['2026-11-27T12:00:20Z', 'in 1 minute (at 2026-11-27 12:00 UTC)'],
    ['2026-11-27T13:00:00Z', 'in 60 minutes (at 2026-11-27 13:00 UTC)'],
    ['2026-11-28T12:00:00Z', 'in 24 hours (at 2026-11-28 12:00 UTC)'],
  ])('until %s says %s', (until, words) => {
    expect(coolDownMessage(new Date(until), now)).toContain(words);
  });
});
