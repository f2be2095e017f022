import { FakeListChatModel } from '@langchain/core/utils/testing';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import {
  DEFAULT_PACED_REPLY,
  type PacedOpenAiServer,
  splitIntoTokens,
  startPacedOpenAiServer,
} from '../../bench/paced-openai-server';
import { createChatModel } from './chat-model.factory';
import { streamReply } from './reply-stream';

const text = (content: unknown) => (typeof content === 'string' ? content : '');

/** A model that can only answer whole. */
class WholeAnswerModel extends BaseChatModel {
  _llmType(): string {
    return 'whole';
  }
  async _generate(): Promise<ChatResult> {
    return { generations: [{ text: 'all at once', message: new AIMessage('all at once') }] };
  }
}

describe('streamReply: a model’s reply as it streams', () => {
  let server: PacedOpenAiServer;
  const tokens = splitIntoTokens(DEFAULT_PACED_REPLY);
  const openai = (maxTokens?: number) =>
    createChatModel({
      provider: 'openai',
      model: 'paced',
      baseUrl: server.url,
      modelsDir: '/nonexistent',
      maxTokens,
    });

  beforeAll(async () => {
    server = await startPacedOpenAiServer({ firstTokenDelayMs: 20, interTokenDelayMs: 2 });
  });
  afterAll(async () => server.close());

  it('yields what stream() yields from the OpenAI-compatible adapter: tokens, finish reason, usage', async () => {
    const direct = [];
    for await (const chunk of streamReply(openai(), [new HumanMessage('hi')])) direct.push(chunk);
    const viaStream = [];
    for await (const chunk of await openai().stream([new HumanMessage('hi')])) viaStream.push(chunk);
    expect(direct.map((chunk) => text(chunk.content))).toEqual(viaStream.map((chunk) => text(chunk.content)));
    expect(direct.map((chunk) => text(chunk.content)).filter(Boolean)).toEqual(tokens);
    expect(direct.map((chunk) => chunk.response_metadata.finish_reason).filter(Boolean)).toEqual(['stop']);
    expect(direct.find((chunk) => chunk.usage_metadata)?.usage_metadata).toMatchObject({
      output_tokens: tokens.length,
    });
  });

  it("carries the provider's 'length' when maxTokens cuts the reply", async () => {
    const chunks = [];
    for await (const chunk of streamReply(openai(3), [new HumanMessage('hi')])) chunks.push(chunk);
    expect(chunks.map((chunk) => text(chunk.content)).filter(Boolean)).toEqual(tokens.slice(0, 3));
    expect(chunks.map((chunk) => chunk.response_metadata.finish_reason).filter(Boolean)).toEqual(['length']);
  });

  it('streams a LangChain model that streams itself, piece by piece', async () => {
    const model = new FakeListChatModel({ responses: ['one two three'] });
    const pieces: string[] = [];
    for await (const chunk of streamReply(model, [new HumanMessage('hi')])) pieces.push(text(chunk.content));
    expect(pieces.join('')).toBe('one two three');
    expect(pieces.length).toBeGreaterThan(1);
  });

  it('answers whole, in one chunk, for a model that does not stream', async () => {
    const pieces: string[] = [];
    for await (const chunk of streamReply(new WholeAnswerModel({}), [new HumanMessage('hi')]))
      pieces.push(text(chunk.content));
    expect(pieces).toEqual(['all at once']);
  });

  it('stops with an abort error when the caller aborts', async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    const consume = async () => {
      for await (const chunk of streamReply(openai(), [new HumanMessage('hi')], {
        signal: controller.signal,
      })) {
        pieces.push(text(chunk.content));
        if (pieces.filter(Boolean).length === 2) controller.abort();
      }
    };
    await expect(consume()).rejects.toThrow(/abort/i);
    expect(pieces.filter(Boolean).length).toBe(2);
  });
});
