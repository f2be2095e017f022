import { type Actor, type AgeBand, type FanMemory, type MessageStreamEvent, Subjects } from '@backtalk/proto';
import { type FakeChatServer, type InProcessServices, waitFor } from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { firstValueFrom, toArray } from 'rxjs';
import { memoryModel } from './memory-model';
import { type ScriptedChatServices, startScriptedChatServices } from './scripted-chat-services';

jest.setTimeout(120_000);

/**
 * Memory the fan controls and answers in the fan's language (issue 24 items 2 and 4): creators,
 * billing, feature flags and chat-inference in process on one bus, standalone (the memory job runs
 * on chat-inference's durable queue table), the chat model a real OpenAI-compatible HTTP server
 * scripted by memoryModel.
 */
describe('memory the fan controls, and the fan’s language', () => {
  let stack: ScriptedChatServices;
  let services: InProcessServices;
  let model: FakeChatServer;
  let sql: Client;
  let creatorId: string;
  let otherCreatorId: string;
  const fan = (ageBand: AgeBand = 'adult'): Actor => ({
    userId: randomUUID(),
    userType: 'authenticated',
    groups: [],
    ageBand,
  });

  const send = async (actor: Actor, text: string, creator = creatorId) => {
    const conversation = await services.client.request(Subjects.ChatConversationOpen, {
      actor,
      creatorId: creator,
    });
    const before = model.requests.length;
    const events: MessageStreamEvent[] = await firstValueFrom(
      services.client
        .stream(Subjects.ChatMessageSend, {
          actor,
          conversationId: conversation.id,
          content: [{ text }],
          aiContext: {},
        })
        .pipe(toArray()),
    );
    const reply = events.map((event) => (event.type === 'fragment' ? event.text : '')).join('');
    const prompt = model.requests.slice(before).find((request) => request.stream)?.messages[0].content ?? '';
    return { reply, prompt };
  };
  const list = (actor: Actor, creator?: string) =>
    services.client.request(Subjects.ChatMemoryList, { actor, ...(creator ? { creatorId: creator } : {}) });
  const remembered = (actor: Actor, count: number) =>
    waitFor(
      async () => {
        const { memories } = await list(actor, creatorId);
        return memories.length >= count ? memories : undefined;
      },
      { timeoutMs: 20_000, what: `${count} memories` },
    );
  /** Every queued memory job has run (the standalone queue table is empty). */
  const jobsDone = () =>
    waitFor(
      async () => {
        const { rows } = await sql.query(
          `SELECT count(*)::int AS n FROM chat_inference.durable_messages WHERE subject LIKE '%memory-turn.sent' AND state = 'pending'`,
        );
        return rows[0].n === 0 ? true : undefined;
      },
      { timeoutMs: 20_000, what: 'the memory jobs' },
    );

  beforeAll(async () => {
    stack = await startScriptedChatServices('memory', memoryModel());
    ({ services, model, sql } = stack);
    const { rows } = await sql.query(
      `SELECT id FROM creators.creators WHERE "demoAccount" ORDER BY handle LIMIT 2`,
    );
    [creatorId, otherCreatorId] = rows.map((row: { id: string }) => row.id);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('remembers what an adult fan tells about themselves and uses it in the next prompt', async () => {
    const actor = fan();
    const first = await send(actor, 'Hi! My name is Sam and I love sourdough.');
    expect(first.reply).toContain("What's your name?");
    const memories = await remembered(actor, 2);
    expect(memories.map((memory) => memory.text).sort()).toEqual([
      'The fan loves sourdough.',
      "The fan's name is Sam.",
    ]);
    expect(memories.every((memory) => memory.creatorId === creatorId)).toBe(true);

    const second = await send(actor, 'Do you remember me?');
    expect(second.prompt).toMatch(/<memory>\n[\s\S]*- The fan's name is Sam\.[\s\S]*\n<\/memory>/);
    expect(second.reply).toContain('Welcome back, Sam!');
    // The same fact told again is not kept twice.
    await send(actor, 'Again: my name is Sam.');
    await jobsDone();
    expect((await list(actor, creatorId)).memories).toHaveLength(2);
  });

  it('is never shared across creators or with another fan', async () => {
    const actor = fan();
    await send(actor, 'Hello, my name is Ines.');
    const [memory] = await remembered(actor, 1);
    // Another creator's persona does not know it.
    const elsewhere = await send(actor, 'Do you know my name?', otherCreatorId);
    expect(elsewhere.prompt).not.toContain('Ines');
    expect((await list(actor, otherCreatorId)).memories).toEqual([]);

    const stranger = fan();
    expect((await list(stranger)).memories).toEqual([]);
    for (const attempt of [
      () =>
        services.client.request(Subjects.ChatMemoryUpdate, {
          actor: stranger,
          memoryId: memory.id,
          text: 'x',
        }),
      () => services.client.request(Subjects.ChatMemoryDelete, { actor: stranger, memoryId: memory.id }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    await services.client.request(Subjects.ChatMemoryForget, { actor: stranger, creatorId });
    expect((await list(actor, creatorId)).memories).toEqual([expect.objectContaining({ text: memory.text })]);
  });

  it('lets the fan edit, delete and forget everything, and turn memory off', async () => {
    const actor = fan();
    await send(actor, 'My name is Ana. I love yoga.');
    const memories = await remembered(actor, 2);
    const name = memories.find((memory) => memory.text.includes('Ana'))!;
    const edited: FanMemory = await services.client.request(Subjects.ChatMemoryUpdate, {
      actor,
      memoryId: name.id,
      text: "The fan's name is Anabel.",
    });
    expect(edited.text).toBe("The fan's name is Anabel.");
    expect((await send(actor, 'Hi again')).reply).toContain('Welcome back, Anabel!');

    await services.client.request(Subjects.ChatMemoryDelete, { actor, memoryId: name.id });
    expect((await list(actor, creatorId)).memories.map((memory) => memory.text)).toEqual([
      'The fan loves yoga.',
    ]);
    expect(await services.client.request(Subjects.ChatMemoryForget, { actor, creatorId })).toEqual({
      deleted: 1,
    });
    expect((await list(actor)).memories).toEqual([]);

    expect(await services.client.request(Subjects.ChatMemorySettingsSet, { actor, enabled: false })).toEqual({
      enabled: false,
    });
    await send(actor, 'My name is Ana.');
    await jobsDone();
    expect(await list(actor)).toEqual({ memories: [], enabled: false });
  });

  it('keeps nothing for a fan under 18 unless they turn memory on', async () => {
    const actor = fan('16-17');
    expect(await list(actor)).toEqual({ memories: [], enabled: false });
    await send(actor, 'My name is Leo.');
    await jobsDone();
    expect((await list(actor)).memories).toEqual([]);

    await services.client.request(Subjects.ChatMemorySettingsSet, { actor, enabled: true });
    await send(actor, 'My name is Leo.');
    expect((await remembered(actor, 1))[0].text).toBe("The fan's name is Leo.");
  });

  it('tells the persona to answer in the language the fan writes in', async () => {
    const actor = fan();
    const spanish = await send(actor, 'Hola, ¿cuál es tu receta favorita para el fin de semana?');
    expect(spanish.prompt).toContain('The fan writes in Spanish; answer in Spanish.');
    // Too short to tell: the conversation's language goes on.
    expect((await send(actor, 'ok')).prompt).toContain('The fan writes in Spanish; answer in Spanish.');
    expect((await send(actor, 'What is your favourite recipe for the weekend?')).prompt).toContain(
      'The fan writes in English; answer in English.',
    );
  });
});
