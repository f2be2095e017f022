import path from 'node:path';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { disposeLocalModels } from '../llm/local-llama.runtime';
import { LocalLlamaChatModel } from '../llm/local-llama.chat-model';
import {
  ESSENCE_MAX_LENGTH,
  EssenceGenerationError,
  essenceMessages,
  generateEssence,
} from './essence.generator';

const MODELS_DIR = path.resolve(__dirname, '../../../../../../shared/models');

const source = {
  handle: 'maya.makes',
  nickName: 'Maya',
  bio: 'Ceramics every day',
  posts: [
    { desc: 'Throwing a tall vase', transcript: 'Centre the clay first, always.' },
    { desc: 'Glaze test', transcript: 'Celadon over iron slip, cone six.' },
  ],
};

afterAll(async () => {
  await disposeLocalModels();
});

describe('essence generation', () => {
  it("puts the profile and every post's words into the prompt", () => {
    const [system, human] = essenceMessages(source);
    expect(system.text).toContain('You are');
    expect(human.text).toContain('@maya.makes');
    expect(human.text).toContain('Ceramics every day');
    expect(human.text).toContain('1. Throwing a tall vase — Centre the clay first, always.');
    expect(human.text).toContain('2. Glaze test — Celadon over iron slip, cone six.');
  });

  it('keeps at most 30 posts of 400 characters, 2000 in all', () => {
    const posts = (transcript: string) =>
      Array.from({ length: 40 }, (_, i) => ({ desc: `p${i}`, transcript }));
    const [, short] = essenceMessages({ ...source, posts: posts('x') });
    expect(short.text).toContain('30. p29');
    expect(short.text).not.toContain('31. p30');
    const [, long] = essenceMessages({ ...source, posts: posts('x'.repeat(1000)) });
    expect(long.text).not.toContain('x'.repeat(400));
    expect(long.text).toContain('4. p3');
    expect(long.text).not.toContain('5. p4');
  });

  it('cuts a long reply at a sentence end and refuses an empty one (a fake model: no LLM claim)', async () => {
    const long = `${'You are kind. '.repeat(400)}`;
    const essence = await generateEssence(new FakeListChatModel({ responses: [long] }), source);
    expect(essence.length).toBeLessThanOrEqual(ESSENCE_MAX_LENGTH);
    expect(essence.endsWith('.')).toBe(true);
    await expect(
      generateEssence(new FakeListChatModel({ responses: ['   '] }), source),
    ).rejects.toBeInstanceOf(EssenceGenerationError);
  });

  it('generates an essence with a real local model (stories260K)', async () => {
    const model = new LocalLlamaChatModel({
      model: 'stories260K.gguf',
      modelsDir: MODELS_DIR,
      threads: 1,
      contextSize: 1024,
      temperature: 0,
      maxTokens: 48,
    });
    const essence = await generateEssence(model, source);
    expect(essence.length).toBeGreaterThan(10);
    expect(essence.match(/\b[a-z]{2,}\b/gi)?.length ?? 0).toBeGreaterThanOrEqual(5);
  }, 60_000);
});
