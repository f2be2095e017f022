import { acceptsReport, indexingOf } from './knowledge.rules';

describe('indexingOf', () => {
  it.each([
    ['nothing changed yet', null, { state: 'ready', done: 0, total: 0 }],
    [
      'the latest version indexed',
      { version: 3, indexedVersion: 3, done: 5, total: 5 },
      { state: 'ready', done: 5, total: 5 },
    ],
    [
      'a newer version waiting',
      { version: 4, indexedVersion: 3, done: 2, total: 7 },
      { state: 'indexing', done: 2, total: 7 },
    ],
    [
      'a report with more done than there is',
      { version: 4, indexedVersion: 3, done: 9, total: 7 },
      { state: 'indexing', done: 7, total: 7 },
    ],
  ] as const)('%s', (_name, progress, expected) => {
    expect(indexingOf(progress)).toMatchObject(expected);
  });
});

describe('acceptsReport', () => {
  const stored = { version: 5, indexedVersion: 3, done: 2, total: 4 };
  it.each([
    ['the version waiting', { version: 5, done: 1 }, true],
    ['a version between the indexed one and the latest', { version: 4, done: 0 }, true],
    ['a version older than the one indexed (a late redelivery)', { version: 2, done: 4 }, false],
    ['a version the creators service never had', { version: 6, done: 0 }, false],
    ['the indexed version going back', { version: 3, done: 1 }, false],
    ['the indexed version, as far', { version: 3, done: 2 }, true],
  ] as const)('%s', (_name, report, expected) => {
    expect(acceptsReport(stored, report)).toBe(expected);
  });
});
