import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { apiCalls, errorResponse, http, server } from '../../../test/api-mock';
import { WithProviders, newCreator, resetAppState, signInAs } from '../../../test/fixtures';
import { SAMPLED_TEXT, SampledReplies } from './SampledReplies';

const creatorId = '0c3e0f4a-55a6-4b8e-9a51-2f1e8c1d7b60';
const SAMPLE = {
  id: '00000000-0000-4000-8000-000000000001',
  question: 'How often do you feed your starter, [name]?',
  reply: 'Every 12 hours, with rye flour!',
  sampledAt: '2026-03-02T10:00:00.000Z',
  rating: null as 'up' | 'down' | null,
};

function renderReview() {
  render(
    <WithProviders>
      <MemoryRouter>
        <SampledReplies />
      </MemoryRouter>
    </WithProviders>,
  );
}
const creatorMe = () =>
  http.get('/api/creator/me', ({ response }) => response(200).json(newCreator({ id: creatorId })));

describe('"Recent replies" on /creator/preview (docs/creators.md, "Sampled replies")', () => {
  beforeEach(() => {
    resetAppState();
    signInAs({ userType: 'authenticated', userId: 'user-1', isCreator: true });
  });
  afterEach(cleanup);

  it('shows a sampled reply; thumbs down counts it and offers "Correct this" with the question', async () => {
    let rating: 'up' | 'down' | null = null;
    const list = () => ({
      samples: [{ ...SAMPLE, rating }],
      counts: { up: rating === 'up' ? 1 : 0, down: rating === 'down' ? 1 : 0 },
    });
    server.use(
      creatorMe(),
      http.get('/api/creators/{creatorId}/reply-samples', ({ response }) => response(200).json(list())),
      http.put('/api/creators/{creatorId}/reply-samples/{sampleId}/rating', async ({ request, response }) => {
        rating = ((await request.json()) as { rating: 'up' | 'down' | null }).rating;
        return response(200).json(list());
      }),
    );
    renderReview();
    const item = await screen.findByTestId('reply-sample');
    expect(within(item).getByText(SAMPLE.question)).toBeTruthy();
    expect(within(item).getByText(SAMPLE.reply)).toBeTruthy();
    expect(screen.getByTestId('sample-counts').textContent).toBe(' 0 good 0 bad');
    expect(within(item).queryByRole('link', { name: SAMPLED_TEXT.correct })).toBeNull();

    fireEvent.click(within(item).getByRole('button', { name: 'Bad reply' }));
    const correct = await within(item).findByRole('link', { name: SAMPLED_TEXT.correct });
    expect(correct.getAttribute('href')).toBe(
      `/creator/knowledge?correct=${encodeURIComponent(SAMPLE.question)}`,
    );
    expect(screen.getByTestId('sample-counts').textContent).toBe(' 0 good 1 bad');
    expect(apiCalls('PUT')[0]?.body).toEqual({ rating: 'down' });
    expect(within(item).getByRole('button', { name: 'Bad reply' }).getAttribute('aria-pressed')).toBe('true');

    // Pressing it again takes the rating back.
    fireEvent.click(within(item).getByRole('button', { name: 'Bad reply' }));
    await waitFor(() => expect(screen.getByTestId('sample-counts').textContent).toBe(' 0 good 0 bad'));
    expect(apiCalls('PUT')[1]?.body).toEqual({ rating: null });
    expect(within(item).queryByRole('link', { name: SAMPLED_TEXT.correct })).toBeNull();
  });

  it('says when there is nothing to review, and when loading fails', async () => {
    server.use(
      creatorMe(),
      http.get('/api/creators/{creatorId}/reply-samples', ({ response }) =>
        response(200).json({ samples: [], counts: { up: 0, down: 0 } }),
      ),
    );
    renderReview();
    expect(await screen.findByText(SAMPLED_TEXT.empty)).toBeTruthy();
    cleanup();
    resetAppState();
    signInAs({ userType: 'authenticated', userId: 'user-1', isCreator: true });
    server.use(
      creatorMe(),
      http.get('/api/creators/{creatorId}/reply-samples', () => errorResponse(500, 'INTERNAL', 'boom')),
    );
    renderReview();
    expect(await screen.findByText(SAMPLED_TEXT.loadFailed, { exact: false })).toBeTruthy();
  });
});
