import { apiCalls, eventStream, http, server, type StreamController } from '../test/api-mock';
import { bindAuth } from './client';
import { sendMessage, type StreamHandlers } from './conversations.api';

function answerWith(stream: StreamController) {
  server.use(
    http.post('/api/conversations/{id}/messages', ({ params, response }) =>
      params.id === 'c1' ? response.untyped(stream.response) : undefined,
    ),
  );
}

describe('sendMessage (SSE)', () => {
  beforeEach(() => bindAuth({ getAccessToken: async () => 'token-1', onUnauthorized: async () => null }));
  afterEach(() => bindAuth(null));

  function handlers() {
    const seen: string[] = [];
    const h: StreamHandlers = {
      onFragment: (f) =>
        seen.push(`fragment ${f.id} ${JSON.stringify(f.text)}${f.stopReason ? ` ${f.stopReason}` : ''}`),
      onCitations: (c) => seen.push(`citations ${c.messageId} ${c.citations.length}`),
      onMessage: (m) => seen.push(`message ${m.id} ${m.kind ?? 'message'} ${m.content}`),
      onError: (e) => seen.push(`error ${e.code}`),
    };
    return { seen, h };
  }

  it('parses events split anywhere across chunks, in order', async () => {
    const stream = eventStream();
    answerWith(stream);
    const { seen, h } = handlers();
    const done = sendMessage('c1', { content: [{ text: 'hi' }], aiContext: {} }, h);

    const raw =
      'event: fragment\ndata: {"id":"m1#0","text":"Hel"}\n\n' +
      ': keep-alive\n\n' +
      'event: fragment\r\ndata: {"id":"m1#1","text":"lo","stopReason":"end_turn"}\r\n\r\n' +
      'event: citations\ndata: {"messageId":"m1","citations":[{"postId":"p","date":"d","url":"u","caption":"c"}]}\n\n' +
      'event: message\ndata: {"id":"m2","role":"assistant","content":"Safe.","createdAt":"2030-01-01T00:00:00.000Z","status":"complete","citations":[],"kind":"safety-notice"}\n\n' +
      'event: mystery\ndata: {}\n\n';
    for (let i = 0; i < raw.length; i += 7) stream.push(raw.slice(i, i + 7));
    stream.close();
    await done;

    expect(seen).toEqual([
      'fragment m1#0 "Hel"',
      'fragment m1#1 "lo" end_turn',
      'citations m1 1',
      'message m2 safety-notice Safe.',
    ]);
    expect(apiCalls()[0].headers).toMatchObject({
      accept: 'text/event-stream',
      authorization: 'Bearer token-1',
    });
  });

  it('reports error events and unreadable data through onError', async () => {
    const stream = eventStream();
    answerWith(stream);
    const { seen, h } = handlers();
    const done = sendMessage('c1', { content: [{ text: 'hi' }], aiContext: {} }, h);
    stream.event('error', { code: 'LLM_FAILED', message: 'x' });
    stream.push('event: fragment\ndata: {not json\n\n');
    stream.close();
    await done;
    expect(seen).toEqual(['error LLM_FAILED', 'error BAD_STREAM_EVENT']);
  });

  it('stops reading when aborted', async () => {
    const stream = eventStream();
    answerWith(stream);
    const controller = new AbortController();
    const { h } = handlers();
    const done = sendMessage('c1', { content: [{ text: 'hi' }], aiContext: {} }, h, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });
});
