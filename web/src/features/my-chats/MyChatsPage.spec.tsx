import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CONVERSATION_SEARCH_MAX_LENGTH } from '@backtalk/proto/browser';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { apiCalls, errorResponse, http, server } from '../../test/api-mock';
import { newCreator, resetAppState, signInAs, WithProviders } from '../../test/fixtures';
import { LocationProbe } from '../../test/LocationProbe';
import { unreadLabel } from './chat-time';
import { MyChatsPage } from './MyChatsPage';

const maya = newCreator({
  id: '00000000-0000-4000-8000-00000000000a',
  nickName: 'Maya',
  handle: 'maya.makes',
});
const chat = {
  id: '00000000-0000-4000-8000-000000000001',
  creatorId: maya.id,
  createdAt: '2025-01-01T10:00:00.000Z',
  title: 'Dinner ideas',
  lastActivityAt: '2025-01-01T10:05:00.000Z',
  lastMessage: { role: 'assistant' as const, text: 'Try a one-pan pasta.' },
  unread: 2,
};

function renderPage(path = '/chats') {
  render(
    <WithProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/chats" element={<MyChatsPage />} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </WithProviders>,
  );
}

describe('/chats', () => {
  beforeEach(() => {
    resetAppState();
    signInAs();
    server.use(http.get('/api/creators/{id}', ({ response }) => response(200).json(maya)));
  });
  afterEach(() => cleanup());

  it('lists each conversation with its creator, title, last message, unread replies and a link to it', async () => {
    server.use(
      http.get('/api/conversations', ({ response }) => response(200).json({ conversations: [chat] })),
    );
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading your chats' })).toBeTruthy();
    // The row links to its chat once the creator's profile (for the handle) has arrived.
    const row = (await screen.findByRole('link', { name: /Dinner ideas/ })).closest('li')!;
    expect(within(row).getByText('Maya')).toBeTruthy();
    expect(within(row).getByText('Try a one-pan pasta.')).toBeTruthy();
    expect(within(row).getByLabelText('2 unread replies').textContent).toBe('2');
    expect(within(row).getByRole('link').getAttribute('href')).toBe(`/@maya.makes?c=${chat.id}`);
  });

  it('says "No chats yet" and leads to /discover when there are none', async () => {
    server.use(http.get('/api/conversations', ({ response }) => response(200).json({ conversations: [] })));
    renderPage();
    await screen.findByText('No chats yet');
    expect(screen.getByRole('link', { name: 'Find a creator to chat with' }).getAttribute('href')).toBe(
      '/discover',
    );
  });

  it('says when the chats cannot be loaded, and tries again', async () => {
    server.use(http.get('/api/conversations', () => errorResponse(503, 'SERVICE_BUSY', 'Busy')));
    renderPage();
    await screen.findByText("We couldn't load your chats. Please try again.");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText("We couldn't load your chats. Please try again.");
    expect(apiCalls('GET', '/api/conversations').length).toBeGreaterThanOrEqual(2);
  });

  it('asks before deleting, and deletes on confirmation', async () => {
    server.use(
      http.get('/api/conversations', ({ response }) => response(200).json({ conversations: [chat] })),
      http.delete('/api/conversations/{id}', ({ response }) => response(200).json({ deleted: true })),
    );
    renderPage();
    const row = (await screen.findByRole('link', { name: /Dinner ideas/ })).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete "Dinner ideas"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this chat?' });
    expect(apiCalls('DELETE', /^\/api\/conversations\/[0-9a-f-]{36}$/)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiCalls('DELETE', /^\/api\/conversations\/[0-9a-f-]{36}$/)).toHaveLength(1);
  });

  it('refuses a one-letter search without asking the server', async () => {
    server.use(
      http.get('/api/conversations', ({ response }) => response(200).json({ conversations: [chat] })),
    );
    renderPage();
    await screen.findByText('Dinner ideas');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search your messages' }), {
      target: { value: 'a' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Type at least 2 characters to search.');
    expect(apiCalls('GET', /^\/api\/conversations\/search/)).toHaveLength(0);
  });

  it('shows the list and the hint for a one-character `q` in the address, without searching', async () => {
    server.use(
      http.get('/api/conversations', ({ response }) => response(200).json({ conversations: [chat] })),
    );
    renderPage('/chats?q=%25');
    await screen.findByText('Dinner ideas');
    expect(screen.getByRole('alert').textContent).toBe('Type at least 2 characters to search.');
    expect(screen.queryByRole('status', { name: 'Searching your messages' })).toBeNull();
    expect(apiCalls('GET', /^\/api\/conversations\/search/)).toHaveLength(0);
  });

  it('marks the query in each hit’s snippet, and lets a long query without matches wrap', async () => {
    server.use(
      http.get('/api/conversations', ({ response }) => response(200).json({ conversations: [chat] })),
      http.get('/api/conversations/search', ({ query, response }) =>
        response(200).json({
          hits:
            query.get('q') === 'pasta'
              ? [
                  {
                    messageId: '00000000-0000-4000-8000-0000000000f1',
                    conversationId: chat.id,
                    conversationTitle: chat.title,
                    creatorId: maya.id,
                    role: 'assistant' as const,
                    createdAt: chat.lastActivityAt,
                    snippet: '…then a one-pan Pasta, and more pasta later…',
                  },
                ]
              : [],
        }),
      ),
    );
    renderPage('/chats?q=pasta');
    const hit = await screen.findByTestId('search-hit');
    expect([...hit.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Pasta', 'pasta']);
    expect(hit.querySelector('mark')!.parentElement!.textContent).toBe(
      '…then a one-pan Pasta, and more pasta later…',
    );
    cleanup();
    const long = 'x'.repeat(CONVERSATION_SEARCH_MAX_LENGTH);
    renderPage(`/chats?q=${long}`);
    const none = await screen.findByText(`No messages match “${long}”.`);
    expect(none.className).toContain('my-chats__query');
  });
});

describe('chat-time', () => {
  it.each([
    [0, '0 unread replies'],
    [1, '1 unread reply'],
    [5, '5 unread replies'],
  ])('unreadLabel(%i)', (count, expected) => {
    expect(unreadLabel(count)).toBe(expected);
  });
});
