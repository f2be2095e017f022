import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ChatMessage } from '../../api';
import { HttpResponse, type JsonBodyType } from 'msw';
import {
  apiCalls,
  errorResponse,
  eventStream,
  http,
  server,
  type StreamController,
} from '../../test/api-mock';
import { newCreator, resetAppState, signInAs, WithProviders } from '../../test/fixtures';
import { LocationProbe } from '../../test/LocationProbe';
import { STORAGE_KEYS, useSessionStore } from '../session';
import { ChatView } from './ChatView';
import { QUEUED_SEND_HINT, queuedBehindReplyHint } from './ChatInput';
import { DEMO_BANNER_TEXT } from './DemoBanner';
import { OLDER_FAILED_MESSAGE } from './OlderMessages';
import { browserNavigation } from '../shell/browser-navigation';
import { DEMO_NOT_SUBSCRIBABLE } from './SubscriptionModal';
import { REPLY_FAILED_MESSAGE, SESSION_FAILED_MESSAGE } from './useChat';
import { ERASED_TEXT, HELD_BACK_NOTE, REPLACED_NOTE } from './MessageBubble';

const NOT_SET_UP =
  'This creator is not set up to accept payments. Please try another creator or contact support.';

const creator = newCreator();

function message(n: number): ChatMessage {
  return {
    id: `m${n}`,
    role: n % 2 ? 'user' : 'assistant',
    content: `message number ${n}`,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
    status: 'complete',
    citations: [],
  };
}
const messagesFrom = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => message(first + i));

/** Gives the chat's scroll box a geometry: 100px per message in a 500px window. */
function scrollBox(): HTMLElement {
  const el = screen.getByRole('log').parentElement!;
  let top = 0;
  const height = () => el.querySelectorAll('[data-testid="chat-message"]').length * 100;
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: height });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => 500 });
  Object.defineProperty(el, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => (top = Math.max(0, Math.min(value, height() - 500))),
  });
  return el;
}
const TYPING = { name: 'Maya is typing' };

interface Backend {
  streams: StreamController[];
}

const conversation = { id: 'conv-1', creatorId: creator.id, createdAt: '2025-01-01T00:00:00Z', title: '' };

/** The gateway as the chat sees it; `rateLimit` may be a reply the document does not allow. */
function chatBackend(options: { history?: ChatMessage[]; rateLimit?: unknown } = {}): Backend {
  const streams: StreamController[] = [];
  server.use(
    http.post('/api/conversations', ({ response }) => response(201).json(conversation)),
    http.get('/api/conversations/{id}/messages', ({ params, response }) =>
      params.id === 'conv-1'
        ? response(200).json({ messages: options.history ?? [], nextCursor: null })
        : undefined,
    ),
    http.post('/api/chat/rate-limit', ({ response }) =>
      response.untyped(
        HttpResponse.json(
          (options.rateLimit ?? { canSendMessage: true, nextAvailableTime: null }) as JsonBodyType,
        ),
      ),
    ),
    http.post('/api/conversations/{id}/messages', ({ params, response }) => {
      if (params.id !== 'conv-1') return undefined;
      const stream = eventStream();
      streams.push(stream);
      return response.untyped(stream.response);
    }),
  );
  return { streams };
}

/** Answers the rate-limit check with this body from now on (it may break the document on purpose). */
function rateLimitAnswers(reply: unknown, status = 200) {
  server.use(
    http.post('/api/chat/rate-limit', ({ response }) =>
      response.untyped(HttpResponse.json(reply as JsonBodyType, { status })),
    ),
  );
}

function renderChat(props: Partial<Parameters<typeof ChatView>[0]> = {}, path = '/@maya.makes') {
  return render(
    <WithProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <ChatView creator={creator} {...props} />
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </WithProviders>,
  );
}

const input = () => screen.getByLabelText('Message') as HTMLTextAreaElement;
const rateLimitMessages = () =>
  apiCalls('POST', '/api/chat/rate-limit').map((call) => (call.body as { message: string }).message);
const sends = () => apiCalls('POST', '/api/conversations/conv-1/messages');

function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
}
function pressEnter(shiftKey = false) {
  fireEvent.keyDown(input(), { key: 'Enter', shiftKey });
}
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
async function emit(stream: StreamController, name: string, data: unknown) {
  await act(async () => {
    stream.event(name, data);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
async function ready() {
  await screen.findByTestId('welcome-overlay');
}
async function sendAndOpenStream(backend: Backend, text = 'hello'): Promise<StreamController> {
  type(text);
  pressEnter();
  await waitFor(() => expect(backend.streams).toHaveLength(1));
  return backend.streams[0];
}

describe('ChatView', () => {
  beforeEach(() => {
    resetAppState();
    signInAs();
  });
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
  });

  it('opens the conversation, loads its history and checks the rate limit on mount', async () => {
    const history: ChatMessage[] = [
      {
        id: 'm1',
        role: 'user',
        content: 'what do you cook most?',
        createdAt: '2025-01-01T00:00:00Z',
        status: 'complete',
        citations: [],
      },
      {
        id: 'm2',
        role: 'assistant',
        content: 'Pasta, every single week.',
        createdAt: '2025-01-01T00:00:01Z',
        status: 'complete',
        citations: [
          {
            postId: 'p1',
            date: '2024-05-03T12:00:00Z',
            url: 'https://example.com/p1',
            caption: 'Pasta night',
          },
          { postId: 'p2', date: '2023-02-01T12:00:00Z', url: '', caption: 'No safe link' },
        ],
      },
    ];
    chatBackend({ history });
    renderChat();

    expect(await screen.findByText('Pasta, every single week.')).toBeTruthy();
    expect(screen.getByText('what do you cook most?')).toBeTruthy();
    expect(screen.queryByTestId('welcome-overlay')).toBeNull();
    const source = screen.getByRole('link', { name: /Post from/ });
    expect(source.getAttribute('href')).toBe('https://example.com/p1');
    expect(source.textContent).toContain('2024');
    // A post the server kept no safe link for is named without a link (never <a href="">).
    expect(screen.getByText(/Post from .*2023/).closest('a')).toBeNull();
    expect(apiCalls('POST', '/api/conversations')[0].body).toEqual({ creatorId: creator.id });
    expect(apiCalls('POST', '/api/chat/rate-limit')[0].body).toEqual({
      creatorId: creator.id,
      message: '',
    });
  });

  it.each(['garbage', `${'x'.repeat(3000)}`, `"'><"`])(
    'ignores a `c` that is no conversation id and opens the latest chat (c=%#)',
    async (c) => {
      const error = jest.spyOn(console, 'error');
      chatBackend({
        history: [
          {
            id: 'm1',
            role: 'assistant',
            content: 'Welcome back.',
            createdAt: '2025-01-01T00:00:00Z',
            status: 'complete',
            citations: [],
          },
        ],
      });
      renderChat({}, `/@maya.makes?c=${encodeURIComponent(c)}`);
      expect(await screen.findByText('Welcome back.')).toBeTruthy();
      expect(apiCalls('GET', /^\/api\/conversations\/[^/]+$/)).toHaveLength(0);
      expect(apiCalls('POST', '/api/conversations')).toHaveLength(1);
      expect(error).not.toHaveBeenCalledWith('Error loading conversation', expect.anything());
      error.mockRestore();
    },
  );

  it('queues a message sent before the conversation is open, shows it is pending, and sends it once open', async () => {
    const backend = chatBackend();
    let openConversation!: () => void;
    const opened = new Promise<void>((resolve) => (openConversation = resolve));
    server.use(
      http.post('/api/conversations', async ({ response }) => {
        await opened;
        return response(201).json(conversation);
      }),
    );
    renderChat();

    type('hello right away');
    pressEnter();
    await settle();
    expect(screen.getByText(QUEUED_SEND_HINT).getAttribute('role')).toBe('status');
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sends()).toHaveLength(0);

    await act(async () => openConversation());
    await waitFor(() => expect(backend.streams).toHaveLength(1));
    expect(sends()[0].body).toEqual({
      content: [{ text: 'hello right away' }],
      aiContext: {},
    });
    expect(screen.queryByText(QUEUED_SEND_HINT)).toBeNull();
    await emit(backend.streams[0], 'fragment', { id: 'a1#0', text: 'Hello back!', stopReason: 'end_turn' });
    expect(screen.getByText('Hello back!')).toBeTruthy();
  });

  it('drops a queued send, keeping the text, when the conversation cannot be opened', async () => {
    chatBackend();
    server.use(
      http.post('/api/conversations', ({ response }) =>
        response.untyped(errorResponse(500, 'INTERNAL', 'x')),
      ),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderChat();
    type('hello');
    pressEnter();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByText(QUEUED_SEND_HINT)).toBeNull();
    expect(input().value).toBe('hello');
    expect(sends()).toHaveLength(0);
  });

  it('loads the newest page first, and the older page when the fan scrolls to the top, keeping the view', async () => {
    chatBackend();
    let releaseOlder!: () => void;
    const olderHeld = new Promise<void>((resolve) => (releaseOlder = resolve));
    server.use(
      http.get('/api/conversations/{id}/messages', async ({ query, response }) => {
        if (!query.get('before'))
          return response(200).json({ messages: messagesFrom(51, 100), nextCursor: 'cursor-51' });
        await olderHeld;
        return response(200).json({ messages: messagesFrom(1, 50), nextCursor: null });
      }),
    );
    renderChat();
    expect(await screen.findByText('message number 100')).toBeTruthy();
    expect(screen.queryByText('message number 50')).toBeNull();
    const pages = () => apiCalls('GET', '/api/conversations/conv-1/messages');
    expect(pages().map((call) => call.query)).toEqual([{ limit: '50' }]);

    const box = scrollBox();
    fireEvent.wheel(box, { deltaY: -300 });
    box.scrollTop = 30;
    fireEvent.scroll(box);
    expect(await screen.findByRole('status', { name: 'Loading older messages' })).toBeTruthy();
    await waitFor(() => expect(pages()).toHaveLength(2));
    expect(pages().map((call) => call.query)).toEqual([
      { limit: '50' },
      { limit: '50', before: 'cursor-51' },
    ]);
    fireEvent.scroll(box); // a second scroll while loading asks for nothing more
    expect(pages()).toHaveLength(2);

    await act(async () => releaseOlder());
    expect(await screen.findByText('message number 1')).toBeTruthy();
    const shown = screen.getAllByTestId('chat-message').map((el) => el.textContent);
    expect(shown).toHaveLength(100);
    expect(shown[0]).toContain('message number 1');
    expect(shown[99]).toContain('message number 100');
    // The 50 older messages (5000px) went in above: the view still shows what it showed.
    expect(box.scrollTop).toBe(5030);
    expect(screen.queryByRole('status', { name: 'Loading older messages' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
    box.scrollTop = 0;
    fireEvent.scroll(box);
    expect(pages()).toHaveLength(2);
  });

  it('says when older messages could not be loaded, and Retry loads them', async () => {
    chatBackend();
    let olderFails = true;
    server.use(
      http.get('/api/conversations/{id}/messages', ({ query, response }) => {
        if (!query.get('before'))
          return response(200).json({ messages: messagesFrom(51, 100), nextCursor: 'cursor-51' });
        if (olderFails) return response.untyped(errorResponse(503, 'UNAVAILABLE', 'down'));
        return response(200).json({ messages: messagesFrom(1, 50), nextCursor: null });
      }),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: 'Load older messages' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(OLDER_FAILED_MESSAGE);
    expect(screen.getByText('message number 51')).toBeTruthy();

    olderFails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('message number 1')).toBeTruthy();
    expect(screen.queryByText(OLDER_FAILED_MESSAGE)).toBeNull();
  });

  it('shows the creator header and, for demo accounts only, the demo banner', async () => {
    chatBackend();
    const { unmount } = renderChat();
    await ready();
    expect(screen.getByRole('heading', { name: 'Maya' })).toBeTruthy();
    expect(screen.queryByText(DEMO_BANNER_TEXT)).toBeNull();
    unmount();

    render(
      <WithProviders>
        <MemoryRouter>
          <ChatView creator={newCreator({ demoAccount: true })} />
        </MemoryRouter>
      </WithProviders>,
    );
    expect(await screen.findByText(DEMO_BANNER_TEXT)).toBeTruthy();
  });

  it('streams a reply: typing until the stop fragment, one message per message id', async () => {
    const backend = chatBackend();
    renderChat();
    await ready();

    const stream = await sendAndOpenStream(backend, 'hello');
    expect(sends()[0].body).toEqual({ content: [{ text: 'hello' }], aiContext: {} });
    expect(screen.getByText('hello')).toBeTruthy();
    expect(input().value).toBe('');
    expect(screen.queryByTestId('welcome-overlay')).toBeNull();
    expect(screen.getByRole('status', TYPING)).toBeTruthy();

    await emit(stream, 'fragment', { id: 'a1#0', text: 'Hi ' });
    await emit(stream, 'fragment', { id: 'a1#1', text: 'there!' });
    expect(screen.getByText('Hi there!')).toBeTruthy();
    expect(screen.getByRole('status', TYPING)).toBeTruthy();

    await emit(stream, 'fragment', { id: 'a1#2', text: '', stopReason: 'end_turn' });
    expect(screen.queryByRole('status', TYPING)).toBeNull();
    const assistant = screen.getAllByTestId('chat-message').filter((el) => el.dataset.role === 'assistant');
    expect(assistant.map((el) => el.textContent)).toEqual(['Hi there!']);

    await emit(stream, 'citations', {
      messageId: 'a1',
      citations: [
        { postId: 'p9', date: '2024-02-01T00:00:00Z', url: 'https://example.com/p9', caption: 'x' },
      ],
    });
    expect(screen.getByRole('link', { name: /Post from/ }).getAttribute('href')).toBe(
      'https://example.com/p9',
    );
  });

  it('clears the typing indicator and shows the error when the stream reports one', async () => {
    const backend = chatBackend();
    renderChat();
    await ready();
    const stream = await sendAndOpenStream(backend);

    await emit(stream, 'fragment', { id: 'a1#0', text: 'Let me' });
    await emit(stream, 'error', { code: 'LLM_UNAVAILABLE', message: 'The model is unavailable.' });

    expect(screen.getByRole('alert').textContent).toBe('The model is unavailable.');
    expect(screen.queryByRole('status', TYPING)).toBeNull();
  });

  it("clears the typing indicator and shows an error on stopReason 'error'", async () => {
    const backend = chatBackend();
    renderChat();
    await ready();
    const stream = await sendAndOpenStream(backend);

    await emit(stream, 'fragment', { id: 'a1#0', text: '', stopReason: 'error' });

    expect(screen.getByRole('alert').textContent).toBe(REPLY_FAILED_MESSAGE);
    expect(screen.queryByRole('status', TYPING)).toBeNull();
  });

  it("keeps the server's message when the failed reply's final fragment follows its error event", async () => {
    const backend = chatBackend();
    renderChat();
    await ready();
    const stream = await sendAndOpenStream(backend);
    const busy = 'Many fans are chatting right now. Send your message again in a minute.';

    await emit(stream, 'error', { code: 'MODEL_BUSY', message: busy });
    await emit(stream, 'fragment', { id: 'a1#0', text: '', stopReason: 'error' });

    expect(screen.getByRole('alert').textContent).toBe(busy);
    expect(screen.queryByRole('status', TYPING)).toBeNull();
  });

  it("keeps the server's message when the error event follows the failed final fragment", async () => {
    const backend = chatBackend();
    renderChat();
    await ready();
    const stream = await sendAndOpenStream(backend);
    const stopped = 'The reply was stopped.';

    await emit(stream, 'fragment', { id: 'a1#0', text: '', stopReason: 'error' });
    await emit(stream, 'error', { code: 'REPLY_STOPPED', message: stopped });

    expect(screen.getByRole('alert').textContent).toBe(stopped);
  });

  it('shows no empty bubble for a reply that failed before any text', async () => {
    const backend = chatBackend();
    renderChat();
    await ready();
    const stream = await sendAndOpenStream(backend, 'hello');

    await emit(stream, 'error', { code: 'LLM_UNAVAILABLE', message: 'The model is unavailable.' });
    await emit(stream, 'fragment', { id: 'a1#0', text: '', stopReason: 'error' });

    const rendered = screen.getAllByTestId('chat-message');
    expect(rendered.map((el) => [el.dataset.role, el.textContent])).toEqual([['user', 'hello']]);
    expect(screen.getByRole('alert').textContent).toBe('The model is unavailable.');
  });

  it('keeps the text of a reply that failed after streaming some', async () => {
    const backend = chatBackend();
    renderChat();
    await ready();
    const stream = await sendAndOpenStream(backend, 'hello');

    await emit(stream, 'fragment', { id: 'a1#0', text: 'Let me' });
    await emit(stream, 'error', { code: 'LLM_UNAVAILABLE', message: 'The model is unavailable.' });
    await emit(stream, 'fragment', { id: 'a1#1', text: '', stopReason: 'error' });

    const assistant = screen.getAllByTestId('chat-message').filter((el) => el.dataset.role === 'assistant');
    expect(assistant.map((el) => el.textContent)).toEqual(['Let me']);
  });

  it('clears the typing indicator when the stream breaks off', async () => {
    const backend = chatBackend();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderChat();
    await ready();
    const stream = await sendAndOpenStream(backend);

    await act(async () => {
      stream.fail(new TypeError('network error'));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });

    expect(screen.queryByRole('status', TYPING)).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(REPLY_FAILED_MESSAGE);
  });

  it('shows the server error when the send is refused before streaming', async () => {
    chatBackend();
    server.use(
      http.post('/api/conversations/{id}/messages', ({ response }) =>
        response.untyped(errorResponse(403, 'CREATOR_GATED', 'This creator is not available.')),
      ),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderChat();
    await ready();

    type('hello');
    pressEnter();

    expect((await screen.findByRole('alert')).textContent).toBe('This creator is not available.');
    expect(screen.queryByRole('status', TYPING)).toBeNull();
  });

  describe('send rules', () => {
    it('sends nothing for blank text', async () => {
      chatBackend();
      renderChat();
      await ready();

      type('   \n ');
      pressEnter();
      await settle();

      expect(rateLimitMessages()).toEqual(['']);
      expect(sends()).toHaveLength(0);
    });

    it('adds a line on Shift+Enter instead of sending', async () => {
      chatBackend();
      renderChat();
      await ready();

      type('hello');
      pressEnter(true);
      await settle();

      expect(sends()).toHaveLength(0);
      expect(rateLimitMessages()).toEqual(['']);
    });

    it('queues Enter while a reply streams, says so, and sends the message when the reply ends', async () => {
      const backend = chatBackend();
      renderChat();
      await ready();

      const stream = await sendAndOpenStream(backend, 'one');
      type('two');
      pressEnter();
      await settle();

      expect(sends()).toHaveLength(1);
      expect(rateLimitMessages()).toEqual(['', 'one']);
      expect(screen.getByText(queuedBehindReplyHint(creator.nickName)).getAttribute('role')).toBe('status');
      expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
      expect(input().value).toBe('two');

      await emit(stream, 'fragment', { id: 'a1#0', text: 'ok', stopReason: 'end_turn' });
      await act(async () => stream.close());
      await waitFor(() => expect(sends()).toHaveLength(2));
      expect(sends()[1].body).toMatchObject({ content: [{ text: 'two' }] });
      expect(rateLimitMessages()).toEqual(['', 'one', 'two']);
      expect(screen.queryByText(queuedBehindReplyHint(creator.nickName))).toBeNull();
      const texts = screen.getAllByTestId('chat-message').map((el) => el.textContent);
      expect(texts).toEqual(['one', 'ok', 'two']);
    });

    it("queues Enter pressed after the reply's last fragment while its stream is still closing", async () => {
      const backend = chatBackend();
      renderChat();
      await ready();

      const stream = await sendAndOpenStream(backend, 'one');
      await emit(stream, 'fragment', { id: 'a1#0', text: 'ok', stopReason: 'end_turn' });
      expect(screen.queryByRole('status', { name: /is typing/ })).toBeNull();
      type('two');
      pressEnter();
      await settle();

      expect(sends()).toHaveLength(1);
      expect(screen.getByText(queuedBehindReplyHint(creator.nickName))).toBeTruthy();
      await act(async () => stream.close());
      await waitFor(() => expect(sends()).toHaveLength(2));
      expect(sends()[1].body).toMatchObject({ content: [{ text: 'two' }] });
      const texts = screen.getAllByTestId('chat-message').map((el) => el.textContent);
      expect(texts).toEqual(['one', 'ok', 'two']);
    });

    it('ignores a second Enter while the rate-limit check of the first is on its way', async () => {
      chatBackend();
      let answer!: () => void;
      const held = new Promise<void>((resolve) => (answer = resolve));
      server.use(
        http.post('/api/chat/rate-limit', async ({ request, response }) => {
          const body = (await request.clone().json()) as { message: string };
          if (body.message) await held;
          return response(200).json({ canSendMessage: true, nextAvailableTime: null });
        }),
      );
      renderChat();
      await ready();

      type('one');
      pressEnter();
      pressEnter();
      await settle();
      expect(screen.queryByRole('status', { name: /Queued/ })).toBeNull();
      await act(async () => answer());
      await waitFor(() => expect(sends()).toHaveLength(1));
      await settle();
      expect(sends()).toHaveLength(1);
    });

    it.each([
      ['missing', {}],
      ['a string', { canSendMessage: 'true' }],
      ['null', { canSendMessage: null }],
    ])('abandons the send when canSendMessage is %s', async (_label, reply) => {
      chatBackend();
      renderChat();
      await ready();
      rateLimitAnswers(reply);

      type('hello');
      pressEnter();
      await waitFor(() => expect(rateLimitMessages()).toEqual(['', 'hello']));
      await settle();

      expect(sends()).toHaveLength(0);
      expect(input().value).toBe('hello');
      expect(screen.queryByText('hello', { selector: '.bubble' })).toBeNull();
      expect(screen.queryByRole('status', TYPING)).toBeNull();
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('abandons the send when the rate-limit check fails', async () => {
      chatBackend();
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      renderChat();
      await ready();
      rateLimitAnswers({ code: 'INTERNAL', message: 'x' }, 500);

      type('hello');
      pressEnter();
      await waitFor(() => expect(rateLimitMessages()).toEqual(['', 'hello']));
      await settle();
      expect(sends()).toHaveLength(0);
    });

    it('opens the subscription modal instead of sending when canSendMessage is false', async () => {
      chatBackend();
      renderChat();
      await ready();
      server.use(
        http.post('/api/chat/rate-limit', ({ response }) =>
          response(200).json({ canSendMessage: false, nextAvailableTime: null }),
        ),
      );

      type('hello');
      pressEnter();

      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toContain(
        "You've reached your message limit. Subscribe to continue chatting without interruption.",
      );
      expect(sends()).toHaveLength(0);
    });

    it('needs an established conversation', async () => {
      chatBackend();
      server.use(
        http.post('/api/conversations', ({ response }) =>
          response.untyped(errorResponse(503, 'UNAVAILABLE', 'down')),
        ),
      );
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      renderChat();
      await screen.findByRole('alert');

      type('hello');
      pressEnter();
      await settle();

      expect(rateLimitMessages()).toEqual(['']);
      expect(sends()).toHaveLength(0);
    });
  });

  it('explains when there is no session to chat with, and sends nothing', async () => {
    chatBackend();
    useSessionStore.setState({ status: 'guest', user: null });
    renderChat();
    expect((await screen.findByRole('alert')).textContent).toBe(SESSION_FAILED_MESSAGE);
    type('hello');
    pressEnter();
    await settle();
    expect(apiCalls()).toHaveLength(0);
  });

  it('opens no dialog on mount when the limit is already reached, only when the fan tries to send', async () => {
    chatBackend({ rateLimit: { canSendMessage: false, nextAvailableTime: null } });
    renderChat();
    await ready();
    await waitFor(() => expect(rateLimitMessages()).toEqual(['']));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();

    type('hello');
    pressEnter();
    expect(await screen.findByRole('dialog', { name: 'Message limit reached' })).toBeTruthy();
    expect(sends()).toHaveLength(0);
  });

  it('brings the message the fan sends into view when they had scrolled up', async () => {
    const backend = chatBackend({ history: messagesFrom(1, 20) });
    renderChat();
    expect(await screen.findByText('message number 20')).toBeTruthy();
    const box = scrollBox();
    await settle();
    fireEvent.wheel(box, { deltaY: -300 });
    box.scrollTop = 600;
    fireEvent.scroll(box);
    expect(await screen.findByRole('button', { name: 'Scroll to latest message' })).toBeTruthy();

    type('my own words');
    pressEnter();
    await waitFor(() => expect(backend.streams).toHaveLength(1));

    // 21 messages of 100px in a 500px window: the bottom is at 1600.
    await waitFor(() => expect(box.scrollTop).toBe(1600));
    expect(screen.queryByRole('button', { name: 'Scroll to latest message' })).toBeNull();
  });

  /** Reaches the limit the way a fan does: the status check allowed nothing, and they press Enter. */
  async function sendIntoTheLimit() {
    await ready();
    type('one more');
    pressEnter();
    return screen.findByRole('dialog', { name: 'Message limit reached' });
  }

  it('opens the modal when the send answers 429, giving the text back', async () => {
    chatBackend();
    server.use(
      http.post('/api/conversations/{id}/messages', ({ response }) =>
        response.untyped(
          errorResponse(429, 'RATE_LIMITED', 'limit', {
            nextAvailableTime: new Date(2030, 0, 5, 15, 45).toISOString(),
          }),
        ),
      ),
    );
    renderChat();
    await ready();

    type('hello');
    pressEnter();

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/You can send more messages after .*(3|15)\D45/);
    expect(screen.queryByText('hello', { selector: '.bubble' })).toBeNull();
    expect(input().value).toBe('hello');
    expect(screen.queryByRole('status', TYPING)).toBeNull();
  });

  it("sends guests to /sign-in's Sign Up tab from the modal's Sign Up, remembering the chat", async () => {
    chatBackend({ rateLimit: { canSendMessage: false, nextAvailableTime: null } });
    renderChat();
    await sendIntoTheLimit();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Up' }));

    expect(screen.getByTestId('location').textContent).toBe('/sign-in?tab=sign-up');
    expect(localStorage.getItem(STORAGE_KEYS.signInRedirectPath)).toBe('/@maya.makes');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("sends a registered user's 'Subscribe' to the Stripe Checkout page billing made for this creator", async () => {
    signInAs({ userType: 'authenticated', email: 'fan@example.com' });
    chatBackend({ rateLimit: { canSendMessage: false, nextAvailableTime: null } });
    const checkoutUrl = 'https://checkout.stripe.com/c/pay/cs_test_123';
    server.use(http.post('/api/billing/checkout', () => HttpResponse.json({ url: checkoutUrl })));
    const leaveTo = jest.spyOn(browserNavigation, 'leaveTo').mockImplementation(() => undefined);
    renderChat();
    await sendIntoTheLimit();

    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));

    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(checkoutUrl));
    expect(apiCalls('POST', '/api/billing/checkout').map((call) => call.body)).toEqual([
      { creatorId: creator.id },
    ]);
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
  });

  it.each([
    [false, 'says the demo cannot be subscribed to, and offers no Subscribe'],
    [true, 'offers Subscribe'],
  ])('for a demo creator on a server whose paymentsConfigured is %s, the dialog %s', async (configured) => {
    signInAs({ userType: 'authenticated', email: 'fan@example.com' });
    chatBackend({ rateLimit: { canSendMessage: false, nextAvailableTime: null } });
    server.use(
      http.get('/api/billing/subscriptions', ({ response }) =>
        response(200).json({ subscriptions: [], canManageBilling: false, paymentsConfigured: configured }),
      ),
    );
    renderChat({ creator: newCreator({ demoAccount: true }) });
    const dialog = await sendIntoTheLimit();
    if (configured) {
      expect(await within(dialog).findByRole('button', { name: 'Subscribe' })).toBeTruthy();
      expect(within(dialog).queryByText(DEMO_NOT_SUBSCRIBABLE)).toBeNull();
    } else {
      expect(await within(dialog).findByText(DEMO_NOT_SUBSCRIBABLE)).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: 'Subscribe' })).toBeNull();
    }
    expect(apiCalls('POST', '/api/billing/checkout')).toHaveLength(0);
  });

  it("shows billing's words when the creator cannot take payments, and stays on the chat", async () => {
    signInAs({ userType: 'authenticated', email: 'fan@example.com' });
    chatBackend({ rateLimit: { canSendMessage: false, nextAvailableTime: null } });
    server.use(
      http.post('/api/billing/checkout', ({ response }) =>
        response.untyped(errorResponse(409, 'CREATOR_CANNOT_ACCEPT_PAYMENTS', NOT_SET_UP)),
      ),
    );
    const leaveTo = jest.spyOn(browserNavigation, 'leaveTo').mockImplementation(() => undefined);
    renderChat();
    await sendIntoTheLimit();

    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));

    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(NOT_SET_UP);
    expect(leaveTo).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ChatView: what moderation shows (docs/safety.md)', () => {
  beforeEach(() => {
    resetAppState();
    signInAs();
  });
  afterEach(cleanup);

  const care = {
    country: 'GB',
    countryName: 'the United Kingdom',
    emergency: '999',
    lines: [
      { name: 'Samaritans', contact: 'Call 116 123 (free, any time)', url: 'https://www.samaritans.org' },
    ],
  };
  const crisisText = [
    "I'm stepping out of the chat for a moment.",
    'You can talk to someone right now, for free and in confidence in the United Kingdom:',
    '• Samaritans: Call 116 123 (free, any time) (https://www.samaritans.org)',
    'If you are in danger right now, call 999.',
    'Please remember: this chat is an AI, not Maya and not a person.',
  ].join('\n');
  const whole = (overrides: Partial<ChatMessage>): ChatMessage => ({
    id: 'n1',
    role: 'assistant',
    content: '',
    createdAt: '2030-01-01T00:00:00.000Z',
    status: 'complete',
    citations: [],
    ...overrides,
  });

  it("answers a held-back message with Backtalk's notice, not a bubble in the creator's voice, and marks the message", async () => {
    const backend = chatBackend();
    renderChat();
    await ready();
    const stream = await sendAndOpenStream(backend, 'something bad');
    await emit(
      stream,
      'message',
      whole({ kind: 'safety-notice', content: "I can't talk about that here. Why." }),
    );
    await emit(stream, 'fragment', { id: 'n1#0', text: '', stopReason: 'end_turn' });
    await act(async () => stream.close());

    const notice = await screen.findByRole('note', { name: 'Backtalk safety notice' });
    expect(notice.textContent).toContain("I can't talk about that here. Why.");
    expect(notice.getAttribute('data-kind')).toBe('safety-notice');
    expect(screen.getByText(HELD_BACK_NOTE)).toBeTruthy();
    expect(screen.queryByRole('status', TYPING)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the crisis card with the lines to call, as a card of its own', async () => {
    const backend = chatBackend();
    renderChat();
    await ready();
    const stream = await sendAndOpenStream(backend, 'I want to end it all');
    await emit(stream, 'message', whole({ kind: 'crisis-care', content: crisisText, care }));
    await emit(stream, 'fragment', { id: 'n1#0', text: '', stopReason: 'end_turn' });

    const card = await screen.findByRole('region', { name: 'Support is available' });
    expect(within(card).getByText('Samaritans')).toBeTruthy();
    expect(
      within(card).getByRole('link', { name: 'Call 116 123 (free, any time)' }).getAttribute('href'),
    ).toBe('tel:116123');
    expect(within(card).getByRole('link', { name: 'samaritans.org' }).getAttribute('href')).toBe(
      'https://www.samaritans.org',
    );
    expect(card.textContent).toContain('this chat is an AI, not Maya');
    expect(card.textContent).not.toContain('•');
  });

  it('replaces what was shown of a reply moderation flagged', async () => {
    const backend = chatBackend();
    renderChat();
    await ready();
    const stream = await sendAndOpenStream(backend, 'tell me a recipe');
    await emit(stream, 'fragment', { id: 'a1#0', text: 'Sure thing!' });
    expect(await screen.findByText('Sure thing!')).toBeTruthy();
    await emit(
      stream,
      'message',
      whole({ id: 'a1', content: 'Let us talk about something else!', moderated: true }),
    );
    await emit(stream, 'fragment', { id: 'a1#1', text: '', stopReason: 'end_turn' });

    expect(screen.queryByText('Sure thing!')).toBeNull();
    expect(screen.getByText('Let us talk about something else!')).toBeTruthy();
    expect(screen.getByText(REPLACED_NOTE)).toBeTruthy();
  });

  it('shows them again after a reload, and a held-back message erased after review', async () => {
    chatBackend({
      history: [
        { ...message(1), content: '', moderated: true },
        whole({ id: 'n2', kind: 'safety-notice', content: "I can't talk about that here." }),
        { ...message(3), content: 'I want to end it all', moderated: true },
        whole({ id: 'n4', kind: 'crisis-care', content: crisisText, care }),
      ],
    });
    renderChat();
    expect(await screen.findByText(ERASED_TEXT)).toBeTruthy();
    expect(screen.getAllByText(HELD_BACK_NOTE)).toHaveLength(2);
    expect(screen.getByRole('note', { name: 'Backtalk safety notice' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Support is available' })).toBeTruthy();
  });
});
