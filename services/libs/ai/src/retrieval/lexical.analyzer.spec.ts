import { analyzeText, stem } from './lexical.analyzer';

describe('analyzeText', () => {
  it('lower-cases, drops stop words and punctuation', () => {
    expect(analyzeText('What is THE best Sourdough recipe?!')).toEqual(['sourdough', 'recip']);
  });

  it('stems plurals and verb endings so question and post meet', () => {
    expect(analyzeText('baking cookies')).toEqual(analyzeText('bake cookie'));
    expect(analyzeText('She fed the starters and it doubled')).toEqual(analyzeText('fed starter double'));
    expect(analyzeText('recipes movies stories hoping')).toEqual(analyzeText('recipe movie story hope'));
    expect(analyzeText('parties')).toEqual(analyzeText('party'));
  });

  it('keeps contractions and possessives from becoming noise', () => {
    expect(analyzeText("I don't know, it's Maya's dog")).toEqual(['maya', 'dog']);
  });

  it('folds Latin accents but keeps other scripts intact', () => {
    expect(analyzeText('Crème brûlée')).toEqual(['creme', 'brule']);
    expect(analyzeText('Привет мир')).toEqual(['привет', 'мир']);
    expect(analyzeText('नमस्ते दुनिया')).toEqual(['नमस्ते', 'दुनिया']);
  });

  it('segments scripts written without spaces', () => {
    const terms = analyzeText('京都で抹茶ラテを飲みました');
    expect(terms).toContain('抹茶');
    expect(terms).toContain('京都');
  });

  it('treats emoji as words and hashtags as their word', () => {
    expect(analyzeText('#sourdough 🍞🍞')).toEqual(['sourdough', '🍞', '🍞']);
  });

  it('caps and de-duplicates query terms on request', () => {
    expect(analyzeText('cake cake pie tart scone', { unique: true, maxTerms: 3 })).toEqual([
      'cake',
      'pie',
      'tart',
    ]);
  });

  it('returns nothing for empty or symbol-only text', () => {
    expect(analyzeText('')).toEqual([]);
    expect(analyzeText('?!... --- ***')).toEqual([]);
  });
});

describe('stem (Porter)', () => {
  it.each([
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['cats', 'cat'],
    ['feed', 'feed'],
    ['plastered', 'plaster'],
    ['motoring', 'motor'],
    ['hopping', 'hop'],
    ['filing', 'file'],
    ['baking', 'bake'],
    ['bake', 'bake'],
    ['cookies', 'cooki'],
    ['happy', 'happi'],
    ['generalizations', 'gener'],
    ['hopeful', 'hope'],
  ])('%s -> %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });
});
