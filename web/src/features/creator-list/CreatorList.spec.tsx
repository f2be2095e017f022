import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { apiCalls, errorResponse, http, server } from '../../test/api-mock';
import { newCreator, resetAppState, signInAs, WithProviders } from '../../test/fixtures';
import { LocationProbe } from '../../test/LocationProbe';
import { NoCreatorPage } from './NoCreatorPage';

function renderAiChat(path = '/ai-chat') {
  render(
    <WithProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/ai-chat" element={<NoCreatorPage />} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </WithProviders>,
  );
}

describe('/ai-chat and the creator list', () => {
  beforeEach(() => {
    resetAppState();
    signInAs();
  });
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
  });

  it('explains that no creator was given and opens the list on request', async () => {
    server.use(http.get('/api/creators', ({ response }) => response(200).json({ creators: [] })));
    renderAiChat();
    expect(
      screen.getByText('Error: No creator ID was provided. Please select a creator from the creator list.'),
    ).toBeTruthy();
    expect(apiCalls()).toHaveLength(0);
    // The page's level-1 heading, for screen readers (the design shows the banner only).
    expect(screen.getByRole('heading', { level: 1, name: 'AI chat' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Go to Creator List' }));

    expect(screen.getByTestId('location').textContent).toBe('/ai-chat?view=creators');
    expect(screen.getByRole('heading', { level: 1, name: 'All Creators' })).toBeTruthy();
    expect(await screen.findByText('No creators found. Initialize a TikTok creator first.')).toBeTruthy();
  });

  it('shows a loading state until the creators arrive', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/creators', async ({ response }) => {
        await answered;
        return response(200).json({ creators: [newCreator()] });
      }),
    );
    renderAiChat('/ai-chat?view=creators');

    expect(screen.getByRole('status', { name: 'Loading creators' })).toBeTruthy();
    await waitFor(() => expect(apiCalls()).toHaveLength(1));
    expect(screen.getByRole('status', { name: 'Loading creators' })).toBeTruthy();
    answer();
    expect(await screen.findByRole('heading', { name: 'Maya' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading creators' })).toBeNull();
  });

  it("shows 'Failed to fetch creators' when the list cannot be loaded, and retries", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('/api/creators', ({ response }) => response.untyped(errorResponse(500, 'INTERNAL', 'boom'))),
    );
    renderAiChat('/ai-chat?view=creators');

    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch creators');
    server.use(http.get('/api/creators', ({ response }) => response(200).json({ creators: [] })));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No creators found. Initialize a TikTok creator first.')).toBeTruthy();
  });

  it('shows a card per creator with its ids, created time, direct URL and a chat button', async () => {
    const creators = [
      newCreator(),
      newCreator({ id: 'creator-2', userId: 'user-2', handle: 'dan.lifts', nickName: 'Dan' }),
    ];
    server.use(http.get('/api/creators', ({ response }) => response(200).json({ creators })));
    renderAiChat('/ai-chat?view=creators');

    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const dan = within(cards[1]);
    expect(dan.getByRole('heading', { name: 'Dan' })).toBeTruthy();
    expect(dan.getByText('creator-2')).toBeTruthy();
    expect(dan.getByText('user-2')).toBeTruthy();
    expect(dan.getByText(new Date(creators[1].createdAt).toLocaleString())).toBeTruthy();
    expect(dan.getByRole('link', { name: '/@dan.lifts' }).getAttribute('href')).toBe('/@dan.lifts');

    fireEvent.click(dan.getByRole('button', { name: 'Go to AI Chat' }));
    expect(screen.getByTestId('location').textContent).toBe('/@dan.lifts');
  });
});
