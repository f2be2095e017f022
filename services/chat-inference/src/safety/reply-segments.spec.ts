import { segmentEnd } from './reply-segments';

const MAX = 40;

describe('segmentEnd', () => {
  it.each<[string, { force?: boolean; final?: boolean }, string | null]>([
    ['Thanks for', {}, null],
    ['Thanks for asking!', {}, 'Thanks for asking!'],
    ['Thanks for asking! I', {}, 'Thanks for asking! '],
    ['One. Two? Thr', {}, 'One. Two? '],
    ['She said "hi." Then', {}, 'She said "hi." '],
    ['(as I said.) And', {}, '(as I said.) '],
    ['Wait…', {}, 'Wait…'],
    ['First line\nsecond', {}, 'First line\n'],
    ['It costs 3', {}, null],
    ['a b c d e f g h i j k l m n o p q r s t u', {}, 'a b c d e f g h i j k l m n o p q r s t '],
    ['x'.repeat(45), {}, 'x'.repeat(MAX)],
    ['Thanks for', { force: true }, 'Thanks '],
    ['Thanks', { force: true }, null],
    ['Thanks', { final: true }, 'Thanks'],
    ['', { final: true }, ''],
  ])('%j %j → %j', (text, options, piece) => {
    const end = segmentEnd(text, { maxChars: MAX, ...options });
    expect(end === -1 ? null : text.slice(0, end)).toBe(piece);
  });
});
