import {
  type Actor,
  DEFAULT_BOUNDARY_DECLINE,
  ErrorCode,
  type MessageStreamEvent,
  Subjects,
} from '@backtalk/proto';
import { type FakeChatServer, type InProcessServices, startFakeChatServer } from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { firstValueFrom, toArray } from 'rxjs';
import { boundaryModel, FAMILY_REPLY, ORDINARY_REPLY } from './boundary-model';
import { type ScriptedChatServices, startScriptedChatServices } from './scripted-chat-services';

jest.setTimeout(120_000);

const DEMO = 'demo.creator';
const DECLINE = 'My family stays off camera, sorry! Ask me about baking instead.';

/**
 * Creator boundaries in the chat (docs/safety.md, "Creator boundaries"): creators, chat-inference
 * and the services they ask, in process on one bus, with the chat model (persona and boundary
 * judge) a real OpenAI-compatible HTTP server scripted by boundaryModel. A reply that crosses a
 * boundary never reaches the fan: the creator's decline replaces it and is stored as moderated;
 * a judge that cannot answer replaces it with the default decline; the preview answers with the
 * boundaries as edited, stores nothing, and is the creator's alone.
 */
describe.each([
  ['a scripted judge', 'scripted'],
  ['a judge that answers nonsense', 'broken'],
] as const)('creator boundaries in the chat, with %s', (_name, judge) => {
  let stack: ScriptedChatServices;
  let services: InProcessServices;
  let model: FakeChatServer;
  let sql: Client;
  let creatorId: string;
  const owner: Actor = { userId: randomUUID(), userType: 'authenticated', groups: [], ageBand: 'adult' };
  const fan = (): Actor => ({ userId: randomUUID(), userType: 'guest', groups: [], ageBand: 'adult' });

  const send = async (actor: Actor, text: string) => {
    const conversation = await services.client.request(Subjects.ChatConversationOpen, { actor, creatorId });
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
    const streamed = events.map((event) => (event.type === 'fragment' ? event.text : '')).join('');
    const replaced = events.flatMap((event) => (event.type === 'message' ? [event.message] : []));
    const { messages } = await services.client.request(Subjects.ChatMessageList, {
      actor,
      conversationId: conversation.id,
    });
    return { streamed, replaced, listed: messages.filter((message) => message.role === 'assistant') };
  };
  const storedReplies = async (actor: Actor) =>
    (
      await sql.query(
        `SELECT content, "moderationFlagged", "moderationCategories", "moderationReviewText"
           FROM chat_inference.messages WHERE owner = $1 AND role = 'assistant'`,
        [actor.userId],
      )
    ).rows;

  beforeAll(async () => {
    stack = await startScriptedChatServices(`boundaries_${judge}`, boundaryModel({ judge }));
    ({ services, model, sql } = stack);
    creatorId = await stack.creatorIdOf(DEMO);
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [owner.userId, creatorId]);
    await services.client.request(Subjects.CreatorsBoundariesSet, {
      actor: owner,
      creatorId,
      boundaries: [{ topic: 'politics' }, { topic: 'my family', decline: DECLINE }],
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('puts the boundaries and their declines into the persona prompt', async () => {
    await send(fan(), 'What are you baking this week?');
    const system = model.requests.find((request) => request.stream)?.messages[0].content ?? '';
    expect(system).toContain('- politics\n');
    expect(system).toContain(`- my family (decline with: "${DECLINE.replace(/"/g, "'")}")`);
  });

  it('a reply about the creator’s family never reaches the fan: the decline replaces it, stored as moderated', async () => {
    const actor = fan();
    const { streamed, replaced, listed } = await send(actor, 'Tell me about your family!');
    const expected = judge === 'scripted' ? DECLINE : DEFAULT_BOUNDARY_DECLINE;
    expect(streamed).not.toMatch(/mom|dad|brother/);
    expect(replaced).toEqual([expect.objectContaining({ content: expected, moderated: true })]);
    expect(listed).toEqual([expect.objectContaining({ content: expected, moderated: true })]);
    expect(await storedReplies(actor)).toEqual([
      {
        content: [{ text: expected }],
        moderationFlagged: true,
        moderationCategories: ['boundary'],
        moderationReviewText: FAMILY_REPLY,
      },
    ]);
  });

  it('an ordinary reply passes (only when the judge can answer)', async () => {
    const actor = fan();
    const { streamed, listed } = await send(actor, 'How often do you feed your starter?');
    if (judge === 'scripted') {
      expect(streamed).toBe(ORDINARY_REPLY);
      expect(listed).toEqual([expect.objectContaining({ content: ORDINARY_REPLY })]);
    } else {
      // Nobody could check it against the creator's boundaries: it is not shown under their name.
      expect(streamed).toBe('');
      expect(listed).toEqual([
        expect.objectContaining({ content: DEFAULT_BOUNDARY_DECLINE, moderated: true }),
      ]);
    }
  });

  it('the preview answers with the boundaries as edited, and stores nothing', async () => {
    const before = (await sql.query(`SELECT count(*)::int AS n FROM chat_inference.messages`)).rows[0].n;
    const crossed = await services.client.request(Subjects.ChatBoundaryPreview, {
      actor: owner,
      creatorId,
      question: 'How is your mom doing?',
      boundaries: [{ topic: 'my family', decline: 'Not today!' }],
    });
    const unbounded = await services.client.request(Subjects.ChatBoundaryPreview, {
      actor: owner,
      creatorId,
      question: 'How is your mom doing?',
      boundaries: [],
    });
    const several = await services.client.request(Subjects.ChatBoundaryPreview, {
      actor: owner,
      creatorId,
      question: 'How is your mom doing?',
      boundaries: [
        { topic: 'politics', decline: 'No politics here!' },
        { topic: 'my family', decline: 'Not today!' },
      ],
    });
    expect(unbounded).toEqual({ outcome: 'answered', text: FAMILY_REPLY, topic: null });
    if (judge === 'scripted') {
      expect(crossed).toStrictEqual({ outcome: 'declined', text: 'Not today!', topic: 'my family' });
      expect(several).toStrictEqual({ outcome: 'declined', text: 'Not today!', topic: 'my family' });
    } else {
      // The check could not run: declined all the same, and the creator is told so — with the
      // only topic's own decline, or with several topics the default (docs/safety.md).
      expect(crossed).toStrictEqual({
        outcome: 'declined',
        text: 'Not today!',
        topic: 'my family',
        checkFailed: true,
      });
      expect(several).toStrictEqual({
        outcome: 'declined',
        text: DEFAULT_BOUNDARY_DECLINE,
        topic: null,
        checkFailed: true,
      });
    }
    expect((await sql.query(`SELECT count(*)::int AS n FROM chat_inference.messages`)).rows[0].n).toBe(
      before,
    );
  });

  it('a creator with one topic: the fan gets its decline, and never the topic note', async () => {
    await services.client.request(Subjects.CreatorsBoundariesSet, {
      actor: owner,
      creatorId,
      boundaries: [{ topic: 'my family', decline: DECLINE }],
    });
    try {
      const { streamed, replaced, listed } = await send(fan(), 'How is your family doing?');
      // With a failed judge as with a scripted one: the creator's own words, the reply unseen.
      expect(streamed).not.toMatch(/mom|dad|brother/);
      expect(replaced).toEqual([expect.objectContaining({ content: DECLINE, moderated: true })]);
      expect(listed).toEqual([expect.objectContaining({ content: DECLINE, moderated: true })]);
      expect(JSON.stringify([replaced, listed])).not.toMatch(/checkFailed|crosses|boundary check|"topic"/);
    } finally {
      await services.client.request(Subjects.CreatorsBoundariesSet, {
        actor: owner,
        creatorId,
        boundaries: [{ topic: 'politics' }, { topic: 'my family', decline: DECLINE }],
      });
    }
  });

  it('only the creator uses the preview', async () => {
    for (const actor of [fan(), { ...fan(), userType: 'authenticated' as const, groups: ['admin'] }])
      await expect(
        services.client.request(Subjects.ChatBoundaryPreview, {
          actor,
          creatorId,
          question: 'How is your mom doing?',
          boundaries: [],
        }),
      ).rejects.toMatchObject({ code: ErrorCode.Forbidden });
  });
});

/**
 * With a moderator that takes boundaries as custom categories (`llama-guard`), the boundaries
 * travel in its check and the chat model is never asked to judge: a scripted Llama Guard answers
 * `unsafe` with the boundary's code when the reply talks about family.
 */
describe('creator boundaries as the llama-guard moderator’s custom categories', () => {
  let stack: ScriptedChatServices;
  let services: InProcessServices;
  let guard: FakeChatServer;
  let sql: Client;
  let creatorId: string;
  const owner: Actor = { userId: randomUUID(), userType: 'authenticated', groups: [], ageBand: 'adult' };

  beforeAll(async () => {
    guard = await startFakeChatServer(({ messages }) => {
      const prompt = messages.at(-1)?.content ?? '';
      const code = /^(S\d+): Discussing my family/m.exec(prompt)?.[1];
      const agent = /\nAgent: ([\s\S]*)\n\n<END CONVERSATION>/.exec(prompt)?.[1] ?? '';
      return code && /mom|dad|brother/.test(agent) ? `unsafe\n${code}` : 'safe';
    });
    stack = await startScriptedChatServices('boundaries_guard', boundaryModel(), {
      MODERATION_PROVIDER: 'llama-guard',
      MODERATION_BASE_URL: guard.url,
      MODERATION_API_KEY: 'sk-test-guard',
    });
    ({ services, sql } = stack);
    creatorId = await stack.creatorIdOf(DEMO);
    await sql.query(`UPDATE creators.creators SET "userId" = $1 WHERE id = $2`, [owner.userId, creatorId]);
    await services.client.request(Subjects.CreatorsBoundariesSet, {
      actor: owner,
      creatorId,
      boundaries: [{ topic: 'my family', decline: DECLINE }],
    });
  });
  afterAll(async () => {
    await stack?.close();
    await guard?.close();
  });

  it('replaces a reply about family with the decline, and never asks the chat model to judge', async () => {
    const actor: Actor = { userId: randomUUID(), userType: 'guest', groups: [], ageBand: 'adult' };
    const conversation = await services.client.request(Subjects.ChatConversationOpen, { actor, creatorId });
    const events: MessageStreamEvent[] = await firstValueFrom(
      services.client
        .stream(Subjects.ChatMessageSend, {
          actor,
          conversationId: conversation.id,
          content: [{ text: 'Tell me about your family!' }],
          aiContext: {},
        })
        .pipe(toArray()),
    );
    expect(events.flatMap((event) => (event.type === 'message' ? [event.message.content] : []))).toEqual([
      DECLINE,
    ]);
    expect(events.map((event) => (event.type === 'fragment' ? event.text : '')).join('')).not.toMatch(
      /mom|dad/,
    );
    expect(
      guard.requests.some((request) => /Discussing my family/.test(request.messages.at(-1)?.content ?? '')),
    ).toBe(true);
    expect(
      stack.model.requests.filter((request) =>
        (request.messages.at(-1)?.content ?? '').startsWith('You check one reply of a chat persona'),
      ),
    ).toEqual([]);
  });
});
