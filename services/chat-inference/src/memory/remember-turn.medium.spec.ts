import { disposeLocalModels, LocalLlamaChatModel } from '@backtalk/ai';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { useChatInferenceDatabase } from '../../test/chat-inference.harness';
import type { CreatorCorpus } from '../persona/creator-corpus';
import { MemoryRepository } from './memory.repository';
import { RememberTurn } from './remember-turn.consumer';

const MODELS_DIR = path.resolve(__dirname, '../../../../../shared/models');

/**
 * The memory job with the tiny offline model (stories260K, /work/shared/models): it is not
 * instruction-tuned, so this proves the mechanics — the job reads the fan's message, prompts a real
 * local model, and finishes without storing anything the answer does not hold as facts.
 */
describe('RememberTurn with a real local model (stories260K)', () => {
  const db = useChatInferenceDatabase('remember_turn');
  afterAll(async () => {
    await disposeLocalModels();
  });

  it('prompts the model with the fan message and keeps only facts its answer holds', async () => {
    const owner = randomUUID();
    const creatorId = randomUUID();
    const [conversation] = await db.dataSource.query(
      `INSERT INTO conversations (owner, "creatorId") VALUES ($1, $2) RETURNING id`,
      [owner, creatorId],
    );
    const messageId = randomUUID();
    await db.dataSource.query(
      `INSERT INTO messages (id, "conversationId", owner, role, content) VALUES ($1, $2, $3, 'user', $4)`,
      [messageId, conversation.id, owner, JSON.stringify([{ text: 'Once upon a time my name was Lily.' }])],
    );
    const model = new LocalLlamaChatModel({
      model: 'stories260K.gguf',
      modelsDir: MODELS_DIR,
      threads: 1,
      contextSize: 1024,
      temperature: 0,
      maxTokens: 32,
    });
    const answers: string[] = [];
    const invoke = model.invoke.bind(model);
    model.invoke = async (...args: Parameters<typeof model.invoke>) => {
      const answer = await invoke(...args);
      answers.push(String(answer.content));
      return answer;
    };
    // Creators is not running: the job names the persona "the creator" and goes on.
    const offline = {
      persona: () => Promise.reject(new Error('creators is offline')),
    } as unknown as CreatorCorpus;
    const memories = new MemoryRepository(db.dataSource);
    await new RememberTurn(memories, offline, model).handle(
      { userId: owner, creatorId, messageId, minor: false },
      { dedupeId: messageId, deliveries: 1 },
    );
    expect(answers).toHaveLength(1);
    expect(answers[0].length).toBeGreaterThan(0);
    // A story is no JSON array of facts: nothing is kept.
    expect(await memories.list(owner, creatorId)).toEqual([]);
  }, 60_000);
});
