import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ChatMessage } from '../../api';
import {
  apiCalls,
  errorResponse,
  eventStream,
  http,
  server,
  type StreamController,
} from '../../test/api-mock';
import { newCreator, resetAppState, signInAs, WithProviders } from '../../test/fixtures';
import { ChatView } from './ChatView';
import { REPLY_FAILED_MESSAGE } from './useChat';

const creator = newCreator();
const conversation = { id: 'conv-1', creatorId: creator.id, createdAt: '2025-01-01T00:00:00Z', title: '' };
const REPLY_ID = '11111111-1111-4111-8111-111111111111';
const TYPING = { name: 'Maya is typing' };

const asked: ChatMessage = {
  id: 'u1',
  role: 'user',
  content: 'tell me a story',
  createdAt: '2025-01-01T00:00:00Z',
  status: 'complete',
  citations: [],
};
/** The reply as the database had it when the page loaded: behind what was streamed already. */
const streaming: ChatMessage = {
  id: REPLY_ID,
  role: 'assistant',
  content: 'Once upon',
  createdAt: '2025-01-01T00:00:01Z',
  status: 'streaming',
  citations: [],
};

/** The gateway: history, sends and attaches each answered by a stream the test feeds. */
function backend(history: ChatMessage[]) {
  const sendStreams: StreamController[] = [];
  const attachStreams: StreamController[] = [];
  server.use(
    http.post('/api/conversations', ({ response }) => response(201).json(conversation)),
    http.get('/api/conversations/{id}/messages', ({ response }) =>
      response(200).json({ messages: history, nextCursor: null }),
    ),
    http.post('/api/chat/rate-limit', ({ response }) =>
      response(200).json({ canSendMessage: true, nextAvailableTime: null }),
    ),
    http.post('/api/conversations/{id}/messages', ({ response }) => {
      const stream = eventStream();
      sendStreams.push(stream);
      return response.untyped(stream.response);
    }),
    http.get('/api/conversations/{id}/messages/{messageId}/stream', ({ response }) => {
      const stream = eventStream();
      attachStreams.push(stream);
      return response.untyped(stream.response);
    }),
  );
  return { sendStreams, attachStreams };
}

function renderChat() {
  return render(
    <WithProviders>
      <MemoryRouter initialEntries={['/@maya.makes']}>
        <ChatView creator={creator} />
      </MemoryRouter>
    </WithProviders>,
  );
}

async function emit(stream: StreamController, name: string, data: unknown) {
  await act(async () => {
    stream.event(name, data);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
const attaches = () => apiCalls('GET', /\/messages\/[^/]+\/stream$/);
const replies = () =>
  screen
    .getAllByTestId('chat-message')
    .filter((el) => el.dataset.role === 'assistant')
    .map((el) => el.textContent);

describe('a reply that resumes anywhere', () => {
  beforeEach(() => {
    resetAppState();
    signInAs();
  });
  afterEach(() => cleanup());

  it('a chat opened while its newest reply streams attaches to it: the reply so far, then live, once', async () => {
    const { attachStreams } = backend([asked, streaming]);
    renderChat();
    await waitFor(() => expect(attachStreams).toHaveLength(1));
    expect(attaches()[0]!.path).toBe(`/api/conversations/conv-1/messages/${REPLY_ID}/stream`);
    expect(attaches()[0]!.headers['last-event-id']).toBeUndefined();
    expect(screen.getByRole('status', TYPING)).toBeTruthy();

    const stream = attachStreams[0]!;
    await emit(stream, 'message', { ...streaming, content: 'Once upon a time' });
    await emit(stream, 'fragment', { id: `${REPLY_ID}#4`, text: ', a fox' });
    await emit(stream, 'fragment', { id: `${REPLY_ID}#5`, text: '', stopReason: 'end_turn' });
    expect(replies()).toEqual(['Once upon a time, a fox']);
    expect(screen.queryByRole('status', TYPING)).toBeNull();
    expect(attaches()).toHaveLength(1);
  });

  it('a send whose connection drops mid-reply attaches again from the last fragment it has', async () => {
    const { sendStreams, attachStreams } = backend([]);
    renderChat();
    await screen.findByTestId('welcome-overlay');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'hello' } });
    fireEvent.keyDown(screen.getByLabelText('Message'), { key: 'Enter' });
    await waitFor(() => expect(sendStreams).toHaveLength(1));
    await emit(sendStreams[0]!, 'fragment', { id: `${REPLY_ID}#0`, text: 'Hi ' });
    await emit(sendStreams[0]!, 'fragment', { id: `${REPLY_ID}#1`, text: 'there' });
    await act(async () => {
      sendStreams[0]!.fail(new TypeError('network error'));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });

    await waitFor(() => expect(attachStreams).toHaveLength(1));
    expect(attaches()[0]!.headers['last-event-id']).toBe(`${REPLY_ID}#1`);
    await emit(attachStreams[0]!, 'fragment', { id: `${REPLY_ID}#2`, text: ', friend' });
    await emit(attachStreams[0]!, 'fragment', { id: `${REPLY_ID}#3`, text: '', stopReason: 'end_turn' });
    expect(replies()).toEqual(['Hi there, friend']);
    expect(screen.queryByText(REPLY_FAILED_MESSAGE)).toBeNull();
    expect(screen.queryByRole('status', TYPING)).toBeNull();
  });

  it('an attach the server refuses shows its reason and stops', async () => {
    backend([asked, streaming]);
    server.use(
      http.get('/api/conversations/{id}/messages/{messageId}/stream', ({ response }) =>
        response.untyped(
          errorResponse(404, 'MESSAGE_NOT_FOUND', 'This message was not found. Reload the conversation.'),
        ),
      ),
    );
    renderChat();
    expect(await screen.findByText('This message was not found. Reload the conversation.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status', TYPING)).toBeNull());
    expect(attaches()).toHaveLength(1);
  });
});
