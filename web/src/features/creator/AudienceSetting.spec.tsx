import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { apiCalls, errorResponse, http, server } from '../../test/api-mock';
import { WithProviders, newCreator, resetAppState, signInAs } from '../../test/fixtures';
import { AudienceSetting } from './AudienceSetting';

const creatorId = '0c3e0f4a-55a6-4b8e-9a51-2f1e8c1d7b60';

function renderSetting() {
  render(
    <WithProviders>
      <AudienceSetting />
    </WithProviders>,
  );
}

describe('the audience minimum on /creator/tools (docs/safety.md, "Age")', () => {
  beforeEach(() => {
    resetAppState();
    signInAs({ userType: 'authenticated', userId: 'user-1', isCreator: true });
  });
  afterEach(cleanup);

  it('shows the saved choice, 13+ when none, and saves another', async () => {
    server.use(
      http.get('/api/creator/me', ({ response }) => response(200).json(newCreator({ id: creatorId }))),
      http.put('/api/creators/{creatorId}/audience', ({ response }) =>
        response(200).json({ creatorId, audienceMinimum: '18+' }),
      ),
    );
    renderSetting();
    const thirteen = (await screen.findByLabelText('13 and older (default)')) as HTMLInputElement;
    expect(thirteen.checked).toBe(true);
    fireEvent.click(screen.getByLabelText('18 and older'));
    fireEvent.click(screen.getByRole('button', { name: 'Save audience' }));
    expect(await screen.findByText('Audience saved. It applies from the next message on.')).toBeTruthy();
    expect(apiCalls('PUT', /\/audience$/)[0].body).toEqual({ audienceMinimum: '18+' });
    expect((screen.getByLabelText('18 and older') as HTMLInputElement).checked).toBe(true);
  });

  it('says what went wrong when the server refuses', async () => {
    server.use(
      http.get('/api/creator/me', ({ response }) =>
        response(200).json(newCreator({ id: creatorId, audienceMinimum: '16+' })),
      ),
      http.put('/api/creators/{creatorId}/audience', () =>
        errorResponse(403, 'FORBIDDEN', 'You can only choose the audience of your own persona.'),
      ),
    );
    renderSetting();
    expect(((await screen.findByLabelText('16 and older')) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save audience' }));
    expect(await screen.findByText('You can only choose the audience of your own persona.')).toBeTruthy();
  });

  it('shows the error when the creator cannot be loaded', async () => {
    server.use(http.get('/api/creator/me', () => errorResponse(500, 'INTERNAL', 'boom')));
    renderSetting();
    expect(await screen.findByText('Error loading creator info')).toBeTruthy();
  });
});
