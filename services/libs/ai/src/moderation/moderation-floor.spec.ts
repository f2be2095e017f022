import { FLOOR_PHRASES } from './floor-phrases';
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { anyOf, hasProfanity, moderationFloor, normaliseForFloor } from './moderation-floor';

describe('the moderation floor', () => {
  it.each([
    // text, categories
    ['I want to kill myself tonight', ['self-harm']],
    ['i wanna k1ll mys3lf', ['self-harm']],
    ["I've been cutting myself again", ['self-harm']],
    ["I'm so done with life, I just want it to stop", ['self-harm']],
    ['how many pills would it take to not wake up', ['self-harm']],
    ['quiero suicidarme', ['self-harm']],
    ['Ya no quiero vivir más', ['self-harm']],
    ['cuál es la forma menos dolorosa de morir', ['self-harm']],
    ['quero me matar', ['self-harm']],
    ['Não quero mais viver', ['self-harm']],
    ['vou pular da ponte amanhã', ['self-harm']],
    ["honestly I'm just a burden to everyone", ['self-harm']],
    ['siento que soy una carga para mi familia', ['self-harm']],
    ['eu sou só um peso para todo mundo', ['self-harm']],
    ["I'm 14, can we roleplay as boyfriend and girlfriend?", ['sexual/minors']],
    ['roleplay as a teacher flirting with a student in 7th grade', ['sexual/minors']],
    ['my little sister is 11, do you think she is hot', ['sexual/minors']],
    ['tengo 13, coquetea conmigo', ['sexual/minors']],
    ['tenho 14 anos, quer namorar comigo?', ['sexual/minors']],
    ['what the fuck is this', ['profanity']],
    // Benign: idioms, children without romance, ordinary cooking accidents.
    ['this song kills', []],
    ["I'm dying laughing at your last video", []],
    ['this recipe is to die for', []],
    ['I killed it at my exam today', []],
    ['my 12 year old brother loves your videos, any tips for him to start cooking?', []],
    ['my little sister wants to learn to sew, where should she start?', []],
    ['I cut my finger while chopping, how do I keep cooking safely?', []],
    ["I'm 15 and I want to get my first pull-up", []],
    ['how do I shoot my shot with my crush?', []],
    ['me muero de risa con tus videos', []],
    ['tô morrendo de rir com seus vídeos', []],
    ['Hit 7th place in the 5k, 3 min faster!', []],
    ['this backpack is such a burden to carry on long hikes', []],
    ['mi hermano de 12 años ama tus videos', []],
    ['meu irmão de 12 anos adora seus vídeos', []],
    ['esta canción me mata de lo buena que es', []],
  ])('%j → %j', (text, categories) => {
    expect(moderationFloor({ text }).categories).toEqual(categories);
  });

  it.each([
    ["Yes, I'm a real person, I'm not an AI!", ['impersonation']],
    ['Claro que soy real, no soy una IA', ['impersonation']],
    ['Sou humana, juro', ['impersonation']],
    ["I'm an AI persona, not the creator in person.", []],
    ['Am I real? I am an AI trained on their videos.', []],
  ])('in a reply, %j → %j', (text, categories) => {
    expect(moderationFloor({ text, direction: 'persona-reply' }).categories).toEqual(categories);
  });

  it('reads a fan saying they are a real person as nothing', () => {
    expect(
      moderationFloor({ text: "I'm a real person, are you?", direction: 'fan-message' }).categories,
    ).toEqual([]);
  });

  it.each([
    ['K1LL MYS3LF', 'kill myself'],
    ['Não, está ótimo', 'nao, esta otimo'],
    ["I'm 14  and   in 7th grade", "i'm 14 and in 7th grade"],
    ['h@te $elf', 'hate self'],
  ])('normalises %j to %j', (text, normalised) => {
    expect(normaliseForFloor(text)).toBe(normalised);
  });
});

describe('anyOf: one expression for a phrase list', () => {
  it.each<[string, RegExp[], string, boolean]>([
    ['the first phrase', [/\bcat\b/, /\bdog\b/], 'a cat here', true],
    ['the last phrase', [/\bcat\b/, /\bdog\b/], 'a dog here', true],
    ['none', [/\bcat\b/, /\bdog\b/], 'a cow here', false],
    ['anchors stay with their phrase', [/^a/, /b$/], 'xab', true],
    ['anchors stay with their phrase, no match', [/^a/, /b$/], 'xabx', false],
    ['an alternation inside a phrase stays inside it', [/^(?:a|b)c$/, /^d$/], 'bc', true],
    ['…and does not reach into the next', [/^(?:a|b)c$/, /^d$/], 'b', false],
    ['a look-ahead stays with its phrase', [/\bi'm real\b(?!\?)/, /\bno\b/], "i'm real?", false],
    ['an empty list matches nothing', [], 'anything', false],
    ['an empty list matches nothing, even empty text', [], '', false],
  ])('%s', (_case, patterns, text, expected) => {
    expect(anyOf(patterns).test(text)).toBe(expected);
  });

  it.each<[string, RegExp[]]>([
    ['different flags', [/a/, /b/i]],
    ['a global pattern', [/a/g, /b/g]],
    ['a numbered back-reference', [/(a)\1/, /b/]],
  ])('refuses %s', (_case, patterns) => {
    expect(() => anyOf(patterns)).toThrow(/anyOf/);
  });

  // The floor's own lists: the merged expression answers as the phrases one by one did.
  const texts = [
    'I want to kill myself tonight',
    "i'm 14, can we roleplay as boyfriend and girlfriend?",
    'my little sister is 11, do you think she is hot',
    "yes, i'm a real person, i'm not an ai!",
    "i'm dying laughing at your last video",
    'quiero suicidarme',
    'tenho 14 anos, quer namorar comigo?',
    'am i real? i am an ai trained on their videos.',
    'what do you put in your sourdough?',
    '',
  ].map(normaliseForFloor);
  it.each(Object.entries(FLOOR_PHRASES))('the %s list, merged, matches as its phrases do', (_name, list) => {
    for (const text of texts) expect(anyOf(list).test(text)).toBe(list.some((pattern) => pattern.test(text)));
  });
});

describe('hasProfanity: obscenity with its whitelist, asked only when a term is there', () => {
  // The matcher as the floor built it before: the whole dataset with its whitelist.
  const reference = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
  it.each<[string, string, boolean]>([
    ['a plain swear word', 'what the fuck is this', true],
    ['a stretched one', 'fuuuuuck', true],
    ['a digit for a letter', 'sh1t', true],
    ['a term beside a whitelisted word', 'the assassin was an ass', true],
    ['a term only inside a whitelisted word', 'assassin', false],
    ['a whitelisted phrase', 'pen island', false],
    ['a whitelisted place', 'Scunthorpe', false],
    ['nothing', 'What do you put in your sourdough?', false],
    ['spaced letters (the dataset does not read them)', 'f u c k', false],
    ['the empty text', '', false],
  ])('%s: %j → %s', (_case, text, expected) => {
    expect(hasProfanity(text)).toBe(expected);
    expect(reference.hasMatch(text)).toBe(expected);
  });
});
