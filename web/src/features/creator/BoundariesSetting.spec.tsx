import { DEFAULT_BOUNDARY_DECLINE } from '@backtalk/proto/browser';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { apiCalls, errorResponse, http, server } from '../../test/api-mock';
import { WithProviders, newCreator, resetAppState, signInAs } from '../../test/fixtures';
import { BoundariesSetting } from './BoundariesSetting';

const creatorId = '0c3e0f4a-55a6-4b8e-9a51-2f1e8c1d7b60';

function renderSetting() {
  render(
    <WithProviders>
      <MemoryRouter>
        <BoundariesSetting />
      </MemoryRouter>
    </WithProviders>,
  );
}
const creatorMe = () =>
  http.get('/api/creator/me', ({ response }) => response(200).json(newCreator({ id: creatorId })));
/** The draft's topics (GET /api/creator/draft); `changed` says whether they differ from the published ones. */
const stored = (boundaries: { topic: string; decline: string | null }[], changed = false) =>
  http.get('/api/creator/draft', ({ response }) => response(200).json(draftOf(boundaries, changed)));
const draftOf = (boundaries: { topic: string; decline?: string | null }[], changed: boolean) => {
  const list = boundaries.map(({ topic, decline }) => ({ topic, ...(decline ? { decline } : {}) }));
  return {
    creatorId,
    published: { creatorPrompt: 'Be kind.', boundaries: changed ? [] : list },
    draft: { creatorPrompt: 'Be kind.', boundaries: list },
    changed: { creatorPrompt: false, boundaries: changed },
    updatedAt: changed ? '2026-01-01T00:00:00.000Z' : null,
  };
};
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('creator boundaries on /creator/tools (docs/safety.md, "Creator boundaries")', () => {
  beforeEach(() => {
    resetAppState();
    signInAs({ userType: 'authenticated', userId: 'user-1', isCreator: true });
  });
  afterEach(cleanup);

  it('shows the draft topics, adds one with a decline, removes one and saves the list to the draft', async () => {
    server.use(
      creatorMe(),
      stored([
        { topic: 'politics', decline: null },
        { topic: 'other creators', decline: 'I only talk about my own stuff!' },
      ]),
      http.put('/api/creator/draft', async ({ request, response }) => {
        const body = (await request.json()) as { boundaries: { topic: string; decline?: string }[] };
        return response(200).json(draftOf(body.boundaries, true));
      }),
    );
    renderSetting();
    await waitFor(() => expect(value('Topic 1')).toBe('politics'));
    expect(value('Topic 2')).toBe('other creators');
    expect((screen.getAllByPlaceholderText(DEFAULT_BOUNDARY_DECLINE)[0] as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Remove topic 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add topic' }));
    fireEvent.change(screen.getByLabelText('Topic 2'), { target: { value: '  my family ' } });
    fireEvent.change(screen.getAllByLabelText('How to decline (optional)')[1], {
      target: { value: 'My family stays off camera!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save topics' }));
    expect(await screen.findByText('Topics saved to your draft.')).toBeTruthy();
    // A save is a draft, like the prompt's: fans get the topics once it is published on /creator/preview.
    expect(apiCalls('PUT', '/api/creator/draft')[0].body).toEqual({
      boundaries: [{ topic: 'politics' }, { topic: 'my family', decline: 'My family stays off camera!' }],
    });
    expect(apiCalls('PUT', /\/boundaries$/)).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'preview and publish it' }).getAttribute('href')).toBe(
      '/creator/preview',
    );
  });

  it.each([
    ['an empty topic', [''], 'Write a topic, or remove this row.'],
    ['a topic listed twice', ['politics', 'Politics'], 'This topic is listed twice.'],
    ['a topic over 100 characters', ['x'.repeat(101)], 'Keep a topic under 100 characters.'],
  ])('refuses %s without calling the server', async (_case, topics, message) => {
    server.use(creatorMe(), stored([]));
    renderSetting();
    expect(await screen.findByText('No topics yet.')).toBeTruthy();
    topics.forEach((topic, index) => {
      fireEvent.click(screen.getByRole('button', { name: 'Add topic' }));
      fireEvent.change(screen.getByLabelText(`Topic ${index + 1}`), { target: { value: topic } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save topics' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(apiCalls('PUT', '/api/creator/draft')).toHaveLength(0);
  });

  it('previews a question against the topics as edited, unsaved, and shows the decline', async () => {
    server.use(
      creatorMe(),
      stored([]),
      http.post('/api/creators/{creatorId}/boundaries/preview', ({ response }) =>
        response(200).json({ outcome: 'declined', text: 'My family stays off camera!', topic: 'my family' }),
      ),
    );
    renderSetting();
    expect(await screen.findByText('No topics yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add topic' }));
    fireEvent.change(screen.getByLabelText('Topic 1'), { target: { value: 'my family' } });
    fireEvent.change(screen.getByLabelText('How to decline (optional)'), {
      target: { value: 'My family stays off camera!' },
    });
    fireEvent.change(screen.getByLabelText('Fan question'), { target: { value: 'How is your mom?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Try it' }));
    expect(await screen.findByText('My family stays off camera!', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Your persona would decline: (crosses “my family”)')).toBeTruthy();
    expect(apiCalls('POST', /\/preview$/)[0].body).toEqual({
      question: 'How is your mom?',
      boundaries: [{ topic: 'my family', decline: 'My family stays off camera!' }],
    });
    expect(apiCalls('PUT', '/api/creator/draft')).toHaveLength(0);
  });

  it('says so when the boundary check could not run, never empty quotes', async () => {
    server.use(
      creatorMe(),
      stored([]),
      http.post('/api/creators/{creatorId}/boundaries/preview', ({ response }) =>
        response(200).json({
          outcome: 'declined',
          text: "That's something I don't talk about here. Ask me about something else!",
          topic: null,
          checkFailed: true,
        }),
      ),
    );
    renderSetting();
    expect(await screen.findByText('No topics yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Fan question'), {
      target: { value: 'How is your family doing?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Try it' }));
    expect(
      await screen.findByText('Your persona would decline: (the boundary check could not run)'),
    ).toBeTruthy();
    expect(screen.queryByText(/“”/)).toBeNull();
  });

  it('asks for a question, and for valid topics, before previewing', async () => {
    server.use(creatorMe(), stored([]));
    renderSetting();
    expect(await screen.findByText('No topics yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try it' }));
    expect(await screen.findByText('Type a question a fan might ask.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add topic' }));
    fireEvent.change(screen.getByLabelText('Fan question'), { target: { value: 'Hi!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Try it' }));
    expect(await screen.findByText('Write a topic, or remove this row.')).toBeTruthy();
    expect(apiCalls('POST', /\/preview$/)).toHaveLength(0);
  });

  it('says what went wrong when the preview or the save fails', async () => {
    server.use(
      creatorMe(),
      stored([{ topic: 'politics', decline: null }]),
      http.post('/api/creators/{creatorId}/boundaries/preview', () =>
        errorResponse(
          503,
          'LLM_UNAVAILABLE',
          'The AI model is not available right now. Try again in a minute.',
        ),
      ),
      http.put('/api/creator/draft', () => errorResponse(404, 'CREATOR_NOT_FOUND', 'Creator not found')),
    );
    renderSetting();
    await waitFor(() => expect(value('Topic 1')).toBe('politics'));
    fireEvent.change(screen.getByLabelText('Fan question'), { target: { value: 'Who do you vote for?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Try it' }));
    expect(
      await screen.findByText('The AI model is not available right now. Try again in a minute.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save topics' }));
    expect(await screen.findByText('Creator not found')).toBeTruthy();
  });

  it('shows the error when the boundaries cannot be loaded', async () => {
    server.use(
      creatorMe(),
      http.get('/api/creator/draft', () => errorResponse(500, 'INTERNAL', 'boom')),
    );
    renderSetting();
    expect(
      await screen.findByText('Error loading your boundaries. Reload the page to try again.'),
    ).toBeTruthy();
  });
});
