import { containsPattern, conversationTitle, preview, snippetAround } from './my-chats.rules';

describe('my chats rules', () => {
  it.each([
    ['short text stays', 'Hello there', 20, 'Hello there'],
    ['whitespace runs become one space', '  Hello \n\n there\t you ', 20, 'Hello there you'],
    ['cut at the last word that fits', 'The quick brown fox jumps', 16, 'The quick brown…'],
    ['one long word is cut mid-word', 'Supercalifragilistic', 10, 'Supercali…'],
    ['exactly the limit stays whole', 'abcde', 5, 'abcde'],
    ['empty stays empty', '   ', 5, ''],
  ])('preview: %s', (_what, text, max, expected) => {
    expect(preview(text, max)).toBe(expected);
    expect(preview(text, max).length).toBeLessThanOrEqual(max);
  });

  it.each([
    ["the fan's name wins", 'Trip plans', 'What should I pack?', 'Trip plans'],
    ['a blank name falls back to the first message', '   ', 'What should I pack?', 'What should I pack?'],
    ['no name, no message: empty (the web shows the creator)', '', null, ''],
    ['a long first message is trimmed', '', `${'word '.repeat(30)}end`, `${'word '.repeat(11)}word…`],
  ])('conversationTitle: %s', (_what, name, first, expected) => {
    expect(conversationTitle(name, first)).toBe(expected);
  });

  it.each([
    ['plain text', 'hello', '%hello%'],
    ['surrounding spaces go', '  hello ', '%hello%'],
    ['% is literal', '100%', '%100\\%%'],
    ['_ is literal', 'snake_case', '%snake\\_case%'],
    ['\\ is literal', 'a\\b', '%a\\\\b%'],
  ])('containsPattern: %s', (_what, query, expected) => {
    expect(containsPattern(query)).toBe(expected);
  });

  it.each([
    ['short text is whole', 'I love hiking in the Alps', 'hiking', 40, 'I love hiking in the Alps'],
    [
      'the match is kept in a long text',
      `${'a '.repeat(50)}the secret word is pineapple ${'b '.repeat(50)}`,
      'pineapple',
      40,
      'contains',
    ],
    ['no match: the beginning', `${'x '.repeat(40)}`, 'zzz', 10, 'x x x x x…'],
  ])('snippetAround: %s', (_what, text, query, max, expected) => {
    const snippet = snippetAround(text, query, max);
    expect(snippet.length).toBeLessThanOrEqual(max);
    if (expected === 'contains') expect(snippet).toContain(query);
    else expect(snippet).toBe(expected);
  });
});
