import { declineReason } from './decline-reason';

describe('declineReason', () => {
  it.each<[string, { topic: string | null; checkFailed?: true }, string | null]>([
    ['crossed topic X', { topic: 'My family' }, 'crosses “My family”'],
    [
      'judge failed, the only topic',
      { topic: 'My family', checkFailed: true },
      'the boundary check could not run, so it counts as crossing “My family”',
    ],
    ['judge failed, several topics', { topic: null, checkFailed: true }, 'the boundary check could not run'],
    ['no topic and no failure: nothing to say, never empty quotes', { topic: null }, null],
  ])('%s', (_case, answer, expected) => expect(declineReason(answer)).toBe(expected));
});
