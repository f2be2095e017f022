import {
  answeredBy,
  assignTopic,
  cleanTitle,
  movedCentroid,
  rankTopics,
  termFrequency,
  trendOf,
  visibleExamples,
  weekOf,
  weeksEnding,
  type TopicRef,
} from './insight-rules';

describe('weeks', () => {
  it.each([
    ['a Monday', '2026-11-23T00:00:00Z', '2026-11-23'],
    ['a Sunday night', '2026-11-29T23:59:59Z', '2026-11-23'],
    ['a Wednesday', '2026-11-25T12:00:00Z', '2026-11-23'],
    ['across a year', '2027-01-01T08:00:00Z', '2026-12-28'],
  ])('weekOf %s', (_, date, week) => {
    expect(weekOf(new Date(date))).toBe(week);
  });

  it('weeksEnding lists the weeks up to now, oldest first', () => {
    expect(weeksEnding(new Date('2026-11-27T10:00:00Z'), 3)).toEqual([
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
    ]);
  });
});

describe('trendOf', () => {
  it.each([
    ['more this week', [1, 2, 5], 'up'],
    ['fewer this week', [4, 3, 1], 'down'],
    ['the same', [2, 2, 2], 'flat'],
    ['never asked', [0, 0, 0], 'flat'],
    ['first asked this week', [0, 0, 3], 'new'],
    ['asked before, not last week', [2, 0, 3], 'up'],
    ['one week only', [4], 'new'],
  ] as const)('%s', (_, weekly, trend) => {
    expect(trendOf(weekly)).toBe(trend);
  });
});

describe('visibleExamples', () => {
  it.each([
    [2, []],
    [3, ['a', 'b', 'c']],
    [9, ['a', 'b', 'c']],
  ] as const)('%i fans', (fans, shown) => {
    expect(visibleExamples(fans, ['a', 'b', 'c', 'd'])).toEqual(shown);
  });
});

describe('assignTopic', () => {
  const topics: TopicRef[] = [
    { id: 'tour', key: 'tour', size: 5, centroid: [1, 0] },
    { id: 'europe', key: 'europ', size: 2, centroid: null },
    { id: 'pasta', key: 'pasta', size: 9, centroid: [0, 1] },
  ];
  it.each([
    [
      'the largest topic sharing a key term',
      'Are you touring Europe next year?',
      undefined,
      { topicId: 'tour' },
    ],
    [
      'a new topic keyed by its longest term',
      'Favourite sourdough recipe?',
      undefined,
      { key: 'sourdough', label: 'sourdough' },
    ],
    [
      'the word fans used as the label',
      'Where do you get your sneakers?',
      undefined,
      { key: 'sneaker', label: 'sneakers' },
    ],
    ['nothing to key on', 'hi??', undefined, null],
    ['the nearest topic by meaning', 'Something unrelated entirely', [0.1, 0.99], { topicId: 'pasta' }],
    ['lexically when no topic is alike enough', 'tour dates please', [0.7, 0.7], { topicId: 'tour' }],
  ] as const)('%s', (_, question, embedding, expected) => {
    expect(assignTopic(question, embedding, topics)).toEqual(expected);
  });

  it('keys a new topic by the term other new questions share most', () => {
    const batch = ['When does the Asian concert series start?', 'Concert in Seoul?', 'Concert merch?'];
    expect(termFrequency(batch).get('concert')).toBe(3);
    expect(assignTopic(batch[0]!, undefined, [], termFrequency(batch))).toEqual({
      key: 'concert',
      label: 'concert',
    });
  });
});

it('movedCentroid keeps a running mean', () => {
  expect(movedCentroid([1, 0], 1, [0, 1])).toEqual([0.5, 0.5]);
  expect(movedCentroid(null, 0, [0.2, 0.4])).toEqual([0.2, 0.4]);
});

describe('answeredBy', () => {
  const posts = ['My European tour starts in March: Paris, Berlin, Rome.', 'Pasta night with my grandmother'];
  it.each([
    ['a post shares two key terms', 'When does your European tour start?', true],
    ['a post shares only one of several', 'Will your tour come to Tokyo?', false],
    ['a single key term found', 'Pasta?', true],
    ['nothing relevant', 'What camera do you film with?', false],
    ['no posts', 'When does your European tour start?', false, []],
  ] as const)('%s', (_, question, answered, texts: readonly string[] = posts) => {
    expect(answeredBy(question, texts)).toBe(answered);
  });
});

describe('cleanTitle', () => {
  it.each([
    ['plain', 'My Camera Setup, Explained', 'My Camera Setup, Explained'],
    ['quoted with a prefix', 'Title: "My Camera Setup"\nMore text', 'My Camera Setup'],
    ['empty', '  \n ', 'Your questions about camera, answered'],
    ['too long', 'x'.repeat(300), 'x'.repeat(120)],
  ])('%s', (_, raw, title) => {
    expect(cleanTitle(raw, 'camera')).toBe(title);
  });
});

describe('rankTopics', () => {
  const row = (
    label: string,
    questions: number,
    fans: number,
    unanswered: number,
    unansweredFans: number,
  ) => ({
    topicId: label,
    label,
    videoTitle: null,
    questions,
    fans,
    unanswered,
    unansweredFans,
  });
  const rows = [
    row('tour', 9, 5, 0, 0),
    row('camera', 6, 2, 6, 2),
    row('pasta', 6, 4, 2, 2),
    row('merch', 1, 1, 1, 1),
  ];
  it.each([
    ['topics by questions, then fans', 'topics', 10, ['tour', 'pasta', 'camera', 'merch']],
    ['ideas: unanswered only, by fans, then questions', 'ideas', 10, ['camera', 'pasta', 'merch']],
    ['at most the limit', 'topics', 2, ['tour', 'pasta']],
  ] as const)('%s', (_, list, limit, labels) => {
    expect(rankTopics(rows, limit)[list].map((topic) => topic.label)).toEqual(labels);
  });
  it('an idea counts only the unanswered questions and their fans', () => {
    expect(rankTopics(rows, 10).ideas[1]).toMatchObject({ label: 'pasta', questions: 2, fans: 2 });
  });
});
