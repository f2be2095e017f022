import { PREVIEW_HISTORY_MAX_TURNS, previewHistory, type PreviewTurn, versionsToAsk } from './preview-chat';

const turn = (question: string, version: 'draft' | 'published', text: string): PreviewTurn => ({
  question,
  answer: { version, outcome: 'answered', text, topic: null },
});

describe('the preview chat', () => {
  it.each([
    [true, ['draft', 'published']],
    [false, ['draft']],
  ])('side by side %s asks %j', (sideBySide, expected) => {
    expect(versionsToAsk(sideBySide)).toEqual(expected);
  });

  it.each<[string, PreviewTurn[], 'draft' | 'published', { role: string; text: string }[]]>([
    ['nothing asked yet', [], 'draft', []],
    [
      'each version hears only its own answers',
      [turn('Hi?', 'draft', 'Draft hi'), turn('Hi?', 'published', 'Published hi')],
      'published',
      [
        { role: 'fan', text: 'Hi?' },
        { role: 'persona', text: 'Published hi' },
      ],
    ],
  ])('%s', (_, turns, version, expected) => {
    expect(previewHistory(turns, version)).toEqual(expected);
  });

  it("keeps the newest turns within the server's bound", () => {
    const turns = Array.from({ length: 10 }, (_, index) => turn(`q${index}`, 'draft', `a${index}`));
    const history = previewHistory(turns, 'draft');
    expect(history).toHaveLength(PREVIEW_HISTORY_MAX_TURNS);
    expect(history.at(-1)).toEqual({ role: 'persona', text: 'a9' });
    expect(history[0]).toEqual({ role: 'fan', text: 'q4' });
  });
});
