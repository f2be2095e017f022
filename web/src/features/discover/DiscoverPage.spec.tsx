import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { apiCalls, errorResponse, http, server } from '../../test/api-mock';
import { resetAppState, WithProviders } from '../../test/fixtures';
import { LocationProbe } from '../../test/LocationProbe';
import { DiscoverPage } from './DiscoverPage';

const dez = {
  id: '00000000-0000-4000-8000-000000000001',
  handle: 'dez.looks.up',
  nickName: 'Dez Kettleworth',
  thumb: '',
  verified: true,
  demoAccount: false,
  followerCount: 21700,
  topics: ['binoculars', 'moon'],
};

function renderDiscover(path = '/discover') {
  render(
    <WithProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/discover" element={<DiscoverPage />} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </WithProviders>,
  );
}

describe('/discover', () => {
  beforeEach(() => resetAppState());
  afterEach(() => cleanup());

  it('shows a card per creator: name, verified, handle, followers, topics and the chat link', async () => {
    server.use(
      http.get('/api/discover/creators', ({ response }) =>
        response(200).json({ creators: [dez], total: 1, page: 1, pageSize: 24 }),
      ),
    );
    renderDiscover();
    expect(screen.getByRole('status', { name: 'Loading creators' })).toBeTruthy();
    const card = (await screen.findByRole('heading', { name: /Dez Kettleworth/ })).closest('li')!;
    expect(within(card).getByText('Verified')).toBeTruthy();
    expect(within(card).getByText('@dez.looks.up')).toBeTruthy();
    expect(within(card).getByText('21,700 followers')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Chat with Dez Kettleworth' }).getAttribute('href')).toBe(
      '/@dez.looks.up',
    );
    // A topic searches for itself, kept in the address.
    fireEvent.click(within(card).getByRole('button', { name: '#moon' }));
    expect(screen.getByTestId('location').textContent).toBe('/discover?q=moon');
  });

  it('searches what is typed, and says so when nothing matches', async () => {
    server.use(
      http.get('/api/discover/creators', ({ response }) =>
        response(200).json({ creators: [], total: 0, page: 1, pageSize: 24 }),
      ),
    );
    renderDiscover();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search creators by name or topic' }), {
      target: { value: '  knitting ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No creators match “knitting”.')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/discover?q=knitting');
    expect(apiCalls('GET', '/api/discover/creators').map((call) => call.query)).toContainEqual({
      q: 'knitting',
    });
  });

  it('refuses a search longer than the server takes, without asking it', async () => {
    server.use(
      http.get('/api/discover/creators', ({ response }) =>
        response(200).json({ creators: [], total: 0, page: 1, pageSize: 24 }),
      ),
    );
    renderDiscover();
    await screen.findByText('No creators to chat with yet. Check back soon.');
    const calls = apiCalls().length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search creators by name or topic' }), {
      target: { value: 'x'.repeat(101) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Search for at most 100 characters');
    expect(apiCalls()).toHaveLength(calls);
  });

  it('offers to try again when the list cannot be loaded', async () => {
    server.use(
      http.get('/api/discover/creators', () => errorResponse(503, 'SERVICE_UNAVAILABLE', 'down') as never),
    );
    renderDiscover();
    expect(
      await screen.findByText("Couldn't load creators. Check your connection and try again."),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
