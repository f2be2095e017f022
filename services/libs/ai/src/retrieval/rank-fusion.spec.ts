import { cosineSimilarity, reciprocalRankFusion } from './rank-fusion';

describe('reciprocalRankFusion', () => {
  it('scores 1/(k + rank) summed over rankings', () => {
    const fused = reciprocalRankFusion(
      [
        ['a', 'b'],
        ['b', 'c'],
      ],
      (x) => x,
      60,
    );
    expect(fused.map((f) => f.item)).toEqual(['b', 'a', 'c']);
    expect(fused[0].score).toBeCloseTo(1 / 62 + 1 / 61);
    expect(fused[1].score).toBeCloseTo(1 / 61);
    expect(fused[2].score).toBeCloseTo(1 / 62);
  });

  it('lifts an item that both rankings agree on above items only one ranks first', () => {
    const lexical = ['x', 'both', 'y'];
    const dense = ['z', 'both', 'w'];
    expect(reciprocalRankFusion([lexical, dense], (i) => i)[0].item).toBe('both');
  });

  it('returns nothing for no rankings', () => {
    expect(reciprocalRankFusion<string>([], (x) => x)).toEqual([]);
  });
});

describe('cosineSimilarity', () => {
  it('is 1 for parallel, 0 for orthogonal or mismatched vectors', () => {
    expect(cosineSimilarity([1, 2], [2, 4])).toBeCloseTo(1);
    expect(cosineSimilarity([1, 0], [0, 1])).toBe(0);
    expect(cosineSimilarity([1, 0], [1, 0, 0])).toBe(0);
    expect(cosineSimilarity([0, 0], [0, 0])).toBe(0);
  });
});
