import { type FakeModerationServer, startFakeModerationServer } from '@backtalk/testing';
import { backtalkModes, type RunningBacktalk } from './backtalk-modes';
import { CRISIS_MESSAGE, FLAGGED_WORD, HELD_MESSAGE, moderatedEnv, REPLY } from './chat-moderation.fixtures';
import { startPacedOpenAiServer } from './paced-model';

const FREE_TIER_MESSAGES = 2;

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

interface Sent {
  status: number;
  raw: string;
  events: SseEvent[];
}

function parseSse(raw: string): SseEvent[] {
  return raw
    .split(/\n\n/)
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      return event && data ? { event, data: JSON.parse(data) as Record<string, unknown> } : null;
    })
    .filter((event): event is SseEvent => event !== null);
}

/**
 * Issue 22 "Done when", moderation: with MODERATION_PROVIDER=openai pointed at a fake that flags
 * chosen texts, and the paced chat model, in one Backtalk (standalone or cluster) at `base()`.
 */
function moderationScenarios(
  base: () => string,
  servers: () => {
    paced: Awaited<ReturnType<typeof startPacedOpenAiServer>>;
    moderation: FakeModerationServer;
  },
) {
  let address = 0;
  async function call(route: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
    address += 1;
    const response = await fetch(`${base()}${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        // A new client address for each call, so the per-address allowance stays out of the way.
        'x-forwarded-for': `10.22.${(address >> 8) & 255}.${address & 255}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    });
    const raw = await response.text();
    return { status: response.status, raw };
  }

  async function newFan(): Promise<{ token: string; conversationId: string; creatorId: string }> {
    const guest = await call('/api/auth/guest', {});
    expect(guest.status).toBe(201);
    const token = (JSON.parse(guest.raw) as { tokens: { accessToken: string } }).tokens.accessToken;
    const creator = await fetch(`${base()}/api/creators/by-handle/demo.creator`);
    const creatorId = ((await creator.json()) as { id: string }).id;
    const conversation = await call('/api/conversations', { creatorId }, token);
    expect(conversation.status).toBe(201);
    return { token, creatorId, conversationId: (JSON.parse(conversation.raw) as { id: string }).id };
  }

  async function send(
    fan: { token: string; conversationId: string },
    text: string,
    headers: Record<string, string> = {},
  ): Promise<Sent> {
    const sent = await call(
      `/api/conversations/${fan.conversationId}/messages`,
      { content: [{ text }] },
      fan.token,
      headers,
    );
    return { ...sent, events: sent.status === 200 ? parseSse(sent.raw) : [] };
  }

  async function stored(fan: { token: string; conversationId: string }) {
    const response = await fetch(`${base()}/api/conversations/${fan.conversationId}/messages`, {
      headers: { authorization: `Bearer ${fan.token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      messages: { role: string; content: string; kind?: string; moderated?: boolean; care?: unknown }[];
    };
  }

  const streamed = (sent: Sent) =>
    sent.events
      .filter((event) => event.event === 'fragment')
      .map((event) => event.data.text as string)
      .join('');
  const whole = (sent: Sent) => sent.events.find((event) => event.event === 'message')?.data;

  it('a flagged fan message never reaches the model, costs no allowance, and is answered calmly', async () => {
    const { paced, moderation } = servers();
    moderation.flag('blow up the school', 'violence');
    const fan = await newFan();
    const requestsBefore = paced.stats.requests;

    const held = await send(fan, HELD_MESSAGE);
    expect(held.status).toBe(200);
    expect(paced.stats.requests).toBe(requestsBefore);
    expect(moderation.inputs).toContain(HELD_MESSAGE);
    expect(whole(held)).toMatchObject({
      role: 'assistant',
      kind: 'safety-notice',
      content:
        "I can't talk about that here. This chat doesn't go into violence or hurting others. Let's talk about something else.",
    });
    expect(held.events.at(-1)).toMatchObject({ event: 'fragment', data: { stopReason: 'end_turn' } });
    expect(held.events.some((event) => event.event === 'error')).toBe(false);

    // The allowance is whole: FREE_TIER_MESSAGES ordinary messages are answered by the model, the next is refused.
    for (let i = 0; i < FREE_TIER_MESSAGES; i += 1) {
      const answered = await send(fan, `Tell me about your bread, part ${i}`);
      expect(answered.status).toBe(200);
      expect(streamed(answered)).toBe(REPLY);
    }
    expect(paced.stats.requests).toBe(requestsBefore + FREE_TIER_MESSAGES);
    expect((await send(fan, 'One more')).status).toBe(429);

    const { messages } = await stored(fan);
    expect(messages.slice(0, 2)).toMatchObject([
      { role: 'user', content: HELD_MESSAGE, moderated: true },
      { role: 'assistant', kind: 'safety-notice' },
    ]);
  });

  it('a flagged reply never appears, not even in part, in the stream or the stored conversation', async () => {
    const { moderation } = servers();
    moderation.flag(FLAGGED_WORD, 'violence');
    const fan = await newFan();

    const sent = await send(fan, 'What is your secret ingredient?');
    expect(sent.status).toBe(200);
    // Only the sentence checked before the flagged one was shown; nothing of the rest, anywhere in the stream.
    expect(streamed(sent)).toBe('Happy to help!');
    for (const leak of [FLAGGED_WORD, 'secret ingredient', 'pinch', 'Enjoy'])
      expect(sent.raw).not.toContain(leak);
    expect(whole(sent)).toMatchObject({ role: 'assistant', moderated: true });
    expect(sent.events.at(-1)).toMatchObject({ event: 'fragment', data: { stopReason: 'end_turn' } });

    const { messages } = await stored(fan);
    expect(JSON.stringify(messages)).not.toContain(FLAGGED_WORD);
    expect(messages[1]).toMatchObject({
      role: 'assistant',
      moderated: true,
      content: (whole(sent) as { content: string }).content,
    });
  });

  it('a message showing a risk of self-harm gets the crisis card for the fan’s country, not the persona', async () => {
    const { paced, moderation } = servers();
    moderation.flag("can't go on anymore", 'self-harm/intent');
    const fan = await newFan();
    const requestsBefore = paced.stats.requests;

    const sent = await send(fan, CRISIS_MESSAGE, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(sent.status).toBe(200);
    expect(paced.stats.requests).toBe(requestsBefore);
    const card = whole(sent) as {
      kind: string;
      content: string;
      care: { country: string; lines: { name: string; contact: string }[] };
    };
    expect(card.kind).toBe('crisis-care');
    expect(card.care.country).toBe('GB');
    expect(card.care.lines[0]).toMatchObject({
      name: 'Samaritans',
      contact: expect.stringContaining('116 123'),
    });
    expect(card.content).toContain('this chat is an AI');

    const { messages } = await stored(fan);
    expect(messages).toMatchObject([
      { role: 'user', moderated: true },
      { role: 'assistant', kind: 'crisis-care', care: { country: 'GB' } },
    ]);
  });
}

for (const mode of backtalkModes) {
  mode.describe(`chat moderation, ${mode.name} (issue 22)`, () => {
    let paced: Awaited<ReturnType<typeof startPacedOpenAiServer>>;
    let moderation: FakeModerationServer;
    let backtalk: RunningBacktalk;

    beforeAll(async () => {
      paced = await startPacedOpenAiServer({ reply: REPLY, firstTokenDelayMs: 20, interTokenDelayMs: 5 });
      moderation = await startFakeModerationServer();
      backtalk = await mode.start('chat-moderation', {
        ...moderatedEnv(paced, moderation),
        FREE_TIER_MESSAGES: String(FREE_TIER_MESSAGES),
        // Each call says where it comes from, as a proxy in front of the gateway would.
        TRUSTED_PROXIES: '127.0.0.1',
      });
    });
    afterAll(async () => {
      await backtalk?.stop();
      await moderation?.close();
      await paced?.close();
    });

    moderationScenarios(
      () => backtalk.url,
      () => ({ paced, moderation }),
    );
  });
}
