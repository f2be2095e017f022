import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CreatorInsights } from '../../../api/insights.api';
import { errorResponse, http, server } from '../../../test/api-mock';
import { newCreator, newSessionInfo, resetAppState, signInAs } from '../../../test/fixtures';
import { appRoutes } from '../../shell/routes';
import { creatorRoutes } from '../creator.routes';
import { INSIGHTS_TEXT } from './CreatorInsightsPage';

const creator = newCreator({ id: '6f1c2c7e-3c8a-4d59-9f0e-1f7a2b3c4d5e', userId: 'user-1' });
const weeks = ['2026-11-16', '2026-11-23'];
const insights: CreatorInsights = {
  creatorId: creator.id,
  weeks,
  questionsPerWeek: [
    { week: weeks[0]!, count: 1 },
    { week: weeks[1]!, count: 6 },
  ],
  topics: [
    {
      id: '0b6b7d4e-6f1a-4a55-9b0e-2c3d4e5f6a7b',
      label: 'tour',
      questions: 4,
      fans: 4,
      weekly: [
        { week: weeks[0]!, count: 1 },
        { week: weeks[1]!, count: 3 },
      ],
      trend: 'up',
      examples: ['Is the tour coming to Paris?', 'Tour dates & prices?'],
    },
    {
      id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      label: 'camera',
      questions: 3,
      fans: 2,
      weekly: [
        { week: weeks[0]!, count: 0 },
        { week: weeks[1]!, count: 3 },
      ],
      trend: 'new',
      examples: [],
    },
  ],
  videoIdeas: [
    {
      topicId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      label: 'camera',
      title: 'The Camera I Film Everything With',
      fans: 2,
      questions: 3,
      examples: [],
    },
  ],
  pending: 0,
};

function renderAt(insightsHandler: Parameters<typeof server.use>[0]) {
  const info = newSessionInfo({
    userType: 'authenticated',
    email: 'c@example.com',
    userId: 'user-1',
    isCreator: true,
  });
  signInAs(info);
  server.use(
    http.get('/api/auth/session', ({ response }) => response(200).json(info)),
    http.get('/api/creator/me', ({ response }) => response(200).json(creator)),
    insightsHandler,
  );
  render(
    <RouterProvider
      router={createMemoryRouter(appRoutes(creatorRoutes), { initialEntries: ['/creator/insights'] })}
    />,
  );
}

describe('/creator/insights', () => {
  beforeEach(() => resetAppState());
  afterEach(cleanup);

  it('shows topics with trends and counts, examples with "Correct this", and video ideas', async () => {
    renderAt(http.get('/api/creators/{creatorId}/insights', ({ response }) => response(200).json(insights)));
    const topics = await screen.findAllByTestId('insight-topic');
    expect(topics).toHaveLength(2);
    expect(within(topics[0]!).getByText('Up from last week')).toBeTruthy();
    expect(within(topics[0]!).getByText('4 questions · 4 fans')).toBeTruthy();
    const correct = within(topics[0]!).getAllByRole('link', { name: 'Correct this' })[1]!;
    expect(correct.getAttribute('href')).toBe(
      `/creator/knowledge?correct=${encodeURIComponent('Tour dates & prices?')}`,
    );
    expect(within(topics[1]!).getByText(INSIGHTS_TEXT.fewFans)).toBeTruthy();
    expect(
      screen.getByRole('img', { name: /Questions per week, week of 2026-11-16: 1, week of 2026-11-23: 6/ }),
    ).toBeTruthy();
    const idea = screen.getByTestId('video-idea');
    expect(within(idea).getByRole('heading', { name: 'The Camera I Film Everything With' })).toBeTruthy();
    expect(screen.getByRole('button', { name: INSIGHTS_TEXT.export })).toBeTruthy();
  });

  it('says so when fans have asked nothing yet', async () => {
    renderAt(
      http.get('/api/creators/{creatorId}/insights', ({ response }) =>
        response(200).json({ ...insights, topics: [], videoIdeas: [], questionsPerWeek: [] }),
      ),
    );
    expect(await screen.findByText(INSIGHTS_TEXT.empty)).toBeTruthy();
    expect(screen.queryByTestId('questions-chart')).toBeNull();
  });

  it('offers to try again when the insights cannot be had', async () => {
    renderAt(
      http.get('/api/creators/{creatorId}/insights', () => errorResponse(503, 'SERVICE_UNAVAILABLE', 'down')),
    );
    expect(await screen.findByText(INSIGHTS_TEXT.loadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
