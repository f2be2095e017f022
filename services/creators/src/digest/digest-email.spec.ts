import { digestEmail, type DigestContent } from './digest-email';

const base: DigestContent = {
  creatorName: 'Rio Moves',
  week: { from: new Date('2026-11-16T00:00:00Z'), to: new Date('2026-11-23T00:00:00Z') },
  billing: {
    currency: 'usd',
    newSubscribers: 3,
    cancellations: 1,
    subscribers: 12,
    grossRevenue: 3000,
    creatorRevenue: 2700,
  },
  chat: { fans: 40, messages: 1, reports: 2 },
  insights: {
    topQuestions: [{ label: 'morning routine', questions: 12, fans: 7 }],
    videoIdeas: [{ title: 'My stretching routine, start to finish', label: 'stretching', fans: 5 }],
  },
  origin: 'https://backtalk.example',
  unsubscribeToken: 'abc.def',
};

describe('digestEmail (the weekly digest, plain text)', () => {
  it('reports the week, subscribers, earnings, chats, topics, video ideas, reports and how to stop it', () => {
    const { subject, text } = digestEmail(base);
    expect(subject).toBe('Your Backtalk week: 3 new subscribers, $27.00 earned');
    for (const line of [
      'Hi Rio Moves, here is your Backtalk week: November 16, 2026 – November 22, 2026 (UTC).',
      '- New subscribers: 3',
      '- Cancellations: 1',
      '- Subscribers at the end of the week: 12',
      '- Fans paid: $30.00',
      '- Your share after the platform fee: $27.00',
      '- 40 fans sent your persona 1 message.',
      '- morning routine: 12 questions from 7 fans',
      '- My stretching routine, start to finish (asked by 5 fans)',
      "- Fans reported 2 replies this week. Read them in your studio's Safety page.",
      'https://backtalk.example/digest/unsubscribe?token=abc.def (no sign-in needed)',
      'https://backtalk.example/creator/payments',
    ])
      expect(text).toContain(line);
  });

  it.each([
    [
      'no topics yet',
      { topQuestions: [], videoIdeas: [] },
      'a topic appears once at least 3 different fans ask',
      'your posts answered what fans asked',
    ],
    ['insights not answering', null, 'Topics could not be read this week', 'See them on your Insights page.'],
  ])('says so plainly with %s', (_case, insights, questions, ideas) => {
    const { text } = digestEmail({ ...base, insights, chat: { fans: 1, messages: 2, reports: 0 } });
    expect(text).toContain(questions);
    expect(text).toContain(ideas);
    expect(text).toContain('- 1 fan sent your persona 2 messages.');
    expect(text).toContain('- No fan reported a reply this week.');
  });

  it('counts one subscriber in the singular', () => {
    expect(digestEmail({ ...base, billing: { ...base.billing, newSubscribers: 1 } }).subject).toBe(
      'Your Backtalk week: 1 new subscriber, $27.00 earned',
    );
  });
});
