import { moderationFloor, normaliseForFloor } from './moderation-floor';

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
