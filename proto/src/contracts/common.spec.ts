import { z } from 'zod';
import { contracts } from '../registry';
import { Subjects } from '../subjects';
import { textSchema } from './common';

const actor = { userId: '6f1c7c1e-8a4f-4a55-9a3b-3f5b7a0f9d11', userType: 'guest', groups: [] };
const conversationId = '0b7f4a5e-2f65-4d8e-9c2e-6a2d0f6b1c3a';

describe('textSchema', () => {
  it.each(['a\u0000', '\u0000', 'a\ud800', '\udc00b'])(
    'refuses %j, which PostgreSQL cannot store as typed',
    (text) => {
      expect(textSchema.safeParse(text).success).toBe(false);
    },
  );

  it.each(['', 'hello', 'émoji 😀 ok', 'tab\tand\nnewline', '\u{F0000}\u{10FFFD}'])('accepts %j', (text) => {
    expect(textSchema.safeParse(text).success).toBe(true);
  });

  it('carries a pattern that means the same with and without Unicode semantics', () => {
    // The OpenAPI document carries the pattern as text; zod's own JSON Schema reader, for one,
    // compiles it without the `u` flag.
    const { pattern } = z.toJSONSchema(textSchema) as { pattern: string };
    const samples = ['ok', '😀', '\u{10FFFD}x', 'a\u0000', 'a\ud800', '\udc00b', '\ud83d\ude00\ud83d'];
    const verdicts = (flags: string) => samples.map((text) => new RegExp(pattern, flags).test(text));
    expect(verdicts('')).toEqual(samples.map((text) => textSchema.safeParse(text).success));
    expect(verdicts('u')).toEqual(verdicts(''));
  });
});

describe('user text in request schemas', () => {
  const send = contracts[Subjects.ChatMessageSend].request;
  it.each([
    ['message text', { content: [{ text: 'a\u0000' }] }],
    ['AI context', { content: [{ text: 'hi' }], aiContext: { creatorPromptFromUI: 'x\u0000' } }],
  ])('a send refuses NUL in its %s', (_field, body) => {
    expect(send.safeParse({ actor, conversationId, ...body }).success).toBe(false);
  });

  it('a send holds at most 8 blocks, over HTTP and NATS alike', () => {
    const blocks = (count: number) => Array.from({ length: count }, () => ({ text: 'hi' }));
    expect(send.safeParse({ actor, conversationId, content: blocks(8) }).success).toBe(true);
    expect(send.safeParse({ actor, conversationId, content: blocks(9) }).success).toBe(false);
  });

  it.each([
    [Subjects.ChatRateLimitCheck, { actor, creatorId: conversationId, message: 'a\u0000' }],
    [Subjects.IdentityGuestCreate, { creatorId: 'a\u0000' }],
    [Subjects.IdentityTokenRefresh, { refreshToken: `${'a'.repeat(20)}\u0000` }],
  ] as const)('%s refuses NUL', (subject, request) => {
    expect(contracts[subject].request.safeParse(request).success).toBe(false);
  });

  it('pages a message list: limit 1..100, default 50, cursor at most 200 characters', () => {
    const list = contracts[Subjects.ChatMessageList].request;
    expect(list.parse({ actor, conversationId }).limit).toBe(50);
    for (const bad of [{ limit: 0 }, { limit: 101 }, { limit: 1.5 }, { before: 'x'.repeat(201) }]) {
      expect(list.safeParse({ actor, conversationId, ...bad }).success).toBe(false);
    }
  });
});
