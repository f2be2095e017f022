import { ModeratedReply, type ReplyCheck } from './moderated-reply';

const pass = (decidedBy = 'test'): ReplyCheck => ({ flagged: false, categories: [], decidedBy });
const flag = (category: string): ReplyCheck => ({ flagged: true, categories: [category], decidedBy: 'test' });

/** A moderator whose answers the test gives, one per check, in any order. */
function heldModerator() {
  const checks: { text: string; answer(verdict: ReplyCheck): void; fail(error: Error): void }[] = [];
  const check = (text: string) =>
    new Promise<ReplyCheck>((resolve, reject) => checks.push({ text, answer: resolve, fail: reject }));
  return { checks, check };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const options = { maxChars: 40, holdBackMs: 50, contextChars: 30 };

describe('ModeratedReply', () => {
  it('shows nothing before its check passed, and pieces in order however the checks finish', async () => {
    const moderator = heldModerator();
    const shown: string[] = [];
    const reply = new ModeratedReply(moderator.check, (piece) => shown.push(piece), options);

    reply.push('Hello there');
    expect(moderator.checks).toHaveLength(0); // no sentence yet
    reply.push('! How are');
    reply.push(' you? I am');
    expect(moderator.checks.map((check) => check.text)).toEqual([
      'Hello there! ',
      'Hello there! How are you? ',
    ]);
    moderator.checks[1]!.answer(pass());
    await settle();
    expect(shown).toEqual([]); // the first piece is still being checked
    moderator.checks[0]!.answer(pass());
    await settle();
    expect(shown).toEqual(['Hello there! ', 'How are you? ']);

    const ending = reply.end();
    moderator.checks[2]!.answer(pass('floor'));
    expect(await ending).toEqual({ flagged: false, categories: [], decidedBy: 'floor' });
    expect(shown.join('')).toBe('Hello there! How are you? I am');
  });

  it('after a flagged piece shows nothing more, and ends with its verdict', async () => {
    const moderator = heldModerator();
    const shown: string[] = [];
    const reply = new ModeratedReply(moderator.check, (piece) => shown.push(piece), options);

    reply.push('Fine. Bad words here. More. ');
    expect(moderator.checks).toHaveLength(1); // cut at the last sentence end: one piece
    reply.push('Even more. ');
    moderator.checks[0]!.answer(pass());
    await settle();
    expect(shown).toEqual(['Fine. Bad words here. More. ']);

    reply.push('Worse. ');
    moderator.checks[1]!.answer(flag('violence'));
    moderator.checks[2]!.answer(pass());
    await settle();
    expect(reply.stopped).toBe(true);
    reply.push('Ignored. ');
    expect(moderator.checks).toHaveLength(3);
    expect(await reply.end()).toEqual(flag('violence'));
    expect(shown).toEqual(['Fine. Bad words here. More. ']);
  });

  it('checks each piece with the reply before it, up to contextChars', async () => {
    const moderator = heldModerator();
    const reply = new ModeratedReply(moderator.check, () => undefined, options);
    reply.push('The first sentence is long. ');
    reply.push('Second one. ');
    reply.push('Third. ');
    expect(moderator.checks.map((check) => check.text)).toEqual([
      'The first sentence is long. ',
      'sentence is long. Second one. ',
      'e is long. Second one. Third. ',
    ]);
    for (const check of moderator.checks) check.answer(pass());
    await reply.end();
  });

  it('checks a sentence that takes longer than the hold-back up to its last space', async () => {
    jest.useFakeTimers();
    try {
      const moderator = heldModerator();
      const reply = new ModeratedReply(moderator.check, () => undefined, options);
      reply.push('A slow');
      jest.advanceTimersByTime(30);
      reply.push(' sente'); // the hold-back runs from the oldest unchecked text, not the newest
      expect(moderator.checks).toHaveLength(0);
      jest.advanceTimersByTime(20);
      expect(moderator.checks.map((check) => check.text)).toEqual(['A slow ']);
      jest.advanceTimersByTime(50); // 'sente' has no space: it waits for more
      expect(moderator.checks).toHaveLength(1);
      reply.push('nce ends.');
      expect(moderator.checks.map((check) => check.text)).toEqual(['A slow ', 'A slow sentence ends.']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('fails the reply when a check fails: nothing after it is shown, end rethrows', async () => {
    const moderator = heldModerator();
    const shown: string[] = [];
    const reply = new ModeratedReply(moderator.check, (piece) => shown.push(piece), options);
    reply.push('One. ');
    reply.push('Two. ');
    moderator.checks[0]!.fail(new Error('moderator down'));
    moderator.checks[1]!.answer(pass());
    await settle();
    expect(reply.stopped).toBe(true);
    await expect(reply.end()).rejects.toThrow('moderator down');
    expect(shown).toEqual([]);
  });

  it('an empty reply needs no check', async () => {
    const moderator = heldModerator();
    const reply = new ModeratedReply(moderator.check, () => undefined, options);
    expect(await reply.end()).toEqual({ flagged: false, categories: [], decidedBy: 'none' });
    expect(moderator.checks).toHaveLength(0);
  });
});

describe('ModeratedReply.abandon', () => {
  it('shows nothing more once the reply failed elsewhere, even pieces whose checks pass later', async () => {
    const moderator = heldModerator();
    const shown: string[] = [];
    const reply = new ModeratedReply(moderator.check, (piece) => shown.push(piece), options);
    reply.push('One. ');
    reply.abandon();
    moderator.checks[0]!.answer(pass());
    await settle();
    reply.push('Two. ');
    expect(shown).toEqual([]);
    expect(moderator.checks).toHaveLength(1);
  });
});
