import {
  containsPattern,
  type DiscoverCandidate,
  discoverPage,
  fansCanOpen,
  matchRank,
  normalizeQuery,
  topicsOf,
} from './discover.rules';

function candidate(overrides: Partial<DiscoverCandidate> & { id: string }): DiscoverCandidate {
  return {
    handle: overrides.id,
    nickName: overrides.id,
    thumb: '',
    verified: false,
    demoAccount: true,
    followerCount: 0,
    initComplete: true,
    paused: false,
    audienceMinimum: '13+',
    tags: [],
    ...overrides,
  };
}

describe('normalizeQuery', () => {
  it.each([
    [undefined, ''],
    ['   ', ''],
    ['  Star   Gazing ', 'star gazing'],
    ['#Astronomy', 'astronomy'],
    ['@@Dez.Looks.Up', 'dez.looks.up'],
    ['a#b', 'a#b'],
  ])('%j → %j', (input, expected) => expect(normalizeQuery(input)).toBe(expected));
});

describe('containsPattern', () => {
  it.each([
    ['star', '%star%'],
    ['100%', '%100\\%%'],
    ['a_b', '%a\\_b%'],
    ['c:\\x', '%c:\\\\x%'],
  ])('%j → %j', (query, pattern) => expect(containsPattern(query)).toBe(pattern));
});

describe('fansCanOpen', () => {
  it.each([
    ['a demo creator', { demoAccount: true, initComplete: true }, false, true],
    ['a demo creator not initialised', { demoAccount: true, initComplete: false }, false, true],
    ['a paused demo creator', { demoAccount: true, paused: true }, false, false],
    ['an initialised, onboarded creator', { demoAccount: false, initComplete: true }, true, true],
    ['an initialised creator billing has not onboarded', { demoAccount: false }, false, false],
    ['an onboarded creator still initialising', { demoAccount: false, initComplete: false }, true, false],
    ['a paused onboarded creator', { demoAccount: false, paused: true }, true, false],
  ])('%s → %s', (_name, overrides, onboarded, expected) =>
    expect(fansCanOpen(candidate({ id: 'x', ...overrides }), onboarded, 'adult')).toBe(expected),
  );

  it.each([
    ['13+', undefined, true],
    ['16+', undefined, false],
    ['18+', undefined, false],
    ['13+', '13-15', true],
    ['16+', '13-15', false],
    ['16+', '16-17', true],
    ['18+', '16-17', false],
    ['18+', 'adult', true],
    ['16+', 'adult', true],
  ] as const)('a %s creator, a viewer of band %s → %s', (audienceMinimum, viewer, expected) =>
    expect(fansCanOpen(candidate({ id: 'x', audienceMinimum }), false, viewer)).toBe(expected),
  );
});

describe('matchRank', () => {
  const dez = candidate({
    id: 'dez',
    handle: 'dez.looks.up',
    nickName: 'Dez Looks Up',
    tags: ['astronomy', 'stargazing', 'nightsky'],
  });
  it.each([
    ['', 0],
    ['dez looks up', 0],
    ['dez.looks.up', 0],
    ['dez', 1],
    ['astronomy', 2],
    ['looks', 3],
    ['gazing', 4],
    ['sky', 4],
    ['cooking', null],
  ])('%j → %s', (query, rank) => expect(matchRank(dez, query)).toBe(rank));
});

describe('topicsOf', () => {
  it.each([
    [[], []],
    [
      ['fyp', 'astronomy', 'ForYou', 'space'],
      ['astronomy', 'space'],
    ],
    [
      ['a', 'b', 'c', 'd', 'e', 'f'],
      ['a', 'b', 'c', 'd', 'e'],
    ],
    [['viral', 'tiktok', 'fyp'], []],
  ])('%j → %j', (tags, topics) => expect(topicsOf(tags)).toEqual(topics));
});

describe('discoverPage', () => {
  const creators = [
    candidate({ id: 'sky', handle: 'sky.person', nickName: 'Sky', followerCount: 10, tags: ['astronomy'] }),
    candidate({ id: 'astro', handle: 'astro.nomy', nickName: 'Astro', followerCount: 5 }),
    candidate({ id: 'big', handle: 'big', nickName: 'Big', followerCount: 900, tags: ['astronomy'] }),
    candidate({ id: 'paid', handle: 'paid', nickName: 'Paid', demoAccount: false, followerCount: 50 }),
    candidate({ id: 'unpaid', handle: 'unpaid', nickName: 'Unpaid', demoAccount: false, followerCount: 99 }),
    candidate({ id: 'paused', handle: 'paused', nickName: 'Paused', paused: true, followerCount: 1000 }),
  ];
  const onboarded = new Map([['paid', true]]);
  const ids = (query: string, page = 1, pageSize = 10) =>
    discoverPage(creators, onboarded, query, page, pageSize, 'adult');

  it.each([
    ['everyone fans can open, most followed first', '', 1, 10, ['big', 'paid', 'sky', 'astro'], 4],
    ['name prefix before topic, then followers', 'astro', 1, 10, ['astro', 'big', 'sky'], 3],
    ['the second page', '', 2, 3, ['astro'], 4],
    ['a page past the end', '', 3, 3, [], 4],
    ['no match', 'cooking', 1, 10, [], 0],
    ['a creator billing has not onboarded is never found', 'unpaid', 1, 10, [], 0],
    ['a paused creator is never found', 'paused', 1, 10, [], 0],
  ])('%s', (_name, query, page, pageSize, expected, total) => {
    const result = ids(query, page, pageSize);
    expect(result.creators.map((creator) => creator.id)).toEqual(expected);
    expect(result.total).toBe(total);
  });

  it('shows no user ids, only what a card needs', () => {
    expect(Object.keys(ids('big').creators[0]!).sort()).toEqual(
      ['demoAccount', 'followerCount', 'handle', 'id', 'nickName', 'thumb', 'topics', 'verified'].sort(),
    );
  });
});
