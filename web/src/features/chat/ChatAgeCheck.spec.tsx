import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { apiCalls, errorResponse, http, server } from '../../test/api-mock';
import { WithProviders, newCreator, newSessionInfo, resetAppState, signInAs } from '../../test/fixtures';
import { ChatAgeCheck } from './ChatAgeCheck';

const session = { idToken: 'id-2', accessToken: 'access-2', expiresIn: 3600 };

function renderCheck(creator = newCreator()) {
  render(
    <WithProviders>
      <MemoryRouter>
        <ChatAgeCheck creator={creator}>
          <p>the chat</p>
        </ChatAgeCheck>
      </MemoryRouter>
    </WithProviders>,
  );
}

/** identity's answer to the age, and the session read with the new tokens. */
function answerAge(ageBand: '13-15' | '16-17' | 'adult', userType: 'guest' | 'authenticated' = 'guest') {
  server.use(
    http.put('/api/auth/age', ({ response }) => response(200).json({ ageBand, session })),
    http.get('/api/auth/session', ({ response }) =>
      response(200).json(newSessionInfo({ userType, ageBand })),
    ),
  );
}

describe('the age checks before a chat (docs/safety.md, "Age")', () => {
  beforeEach(resetAppState);
  afterEach(cleanup);

  it('shows the chat to a fan whose band reaches the audience (13+ by default)', () => {
    signInAs({ ageBand: '13-15' });
    renderCheck();
    expect(screen.getByText('the chat')).toBeTruthy();
  });

  it('asks a guest once, before the chat, and opens it with the answer', async () => {
    signInAs({ ageBand: null });
    answerAge('16-17');
    renderCheck();
    expect(screen.queryByText('the chat')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Before you chat' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose your age to continue')).toBeTruthy();
    expect(apiCalls('PUT', '/api/auth/age')).toHaveLength(0);
    fireEvent.click(screen.getByLabelText('16–17'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('the chat')).toBeTruthy();
    expect(apiCalls('PUT', '/api/auth/age')[0].body).toEqual({ ageBand: '16-17' });
  });

  it('tells a guest under 13 that Backtalk is not for them, with no chat', async () => {
    signInAs({ ageBand: null });
    server.use(
      http.put('/api/auth/age', () =>
        errorResponse(403, 'AGE_UNDER_13', 'You must be at least 13 years old to use Backtalk.'),
      ),
    );
    renderCheck();
    fireEvent.click(screen.getByLabelText('Under 13'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { name: 'Sorry, Backtalk is for people 13 and older' }),
    ).toBeTruthy();
    expect(screen.queryByText('the chat')).toBeNull();
  });

  it('asks an account without a birth date for it, checks it, and sends only the date', async () => {
    signInAs({ userType: 'authenticated', email: 'fan@example.com', ageBand: null });
    answerAge('adult', 'authenticated');
    renderCheck();
    const field = screen.getByLabelText('Birthdate');
    fireEvent.change(field, { target: { value: '2999-01-01' } });
    fireEvent.blur(field);
    expect(await screen.findByText('Your birth date cannot be in the future.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '1990-05-17' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('the chat')).toBeTruthy();
    expect(apiCalls('PUT', '/api/auth/age')[0].body).toEqual({ birthdate: '1990-05-17' });
  });

  it('shows the error of a failed answer and stays on the question', async () => {
    signInAs({ ageBand: null });
    server.use(
      http.put('/api/auth/age', () => errorResponse(503, 'SERVICE_UNAVAILABLE', 'Try again in a minute.')),
    );
    renderCheck();
    fireEvent.click(screen.getByLabelText('18 or older'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Try again in a minute.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Before you chat' })).toBeTruthy();
  });

  it.each([
    ['13-15', '18+', 'Maya’s chat is for fans 18 and older'],
    ['16-17', '18+', 'Maya’s chat is for fans 18 and older'],
    ['13-15', '16+', 'Maya’s chat is for fans 16 and older'],
  ] as const)(
    'explains to a %s fan, before they type, that a %s chat is not theirs',
    (ageBand, minimum, text) => {
      signInAs({ ageBand });
      renderCheck(newCreator({ nickName: 'Maya', audienceMinimum: minimum }));
      expect(screen.getByRole('heading', { name: text.replace('’', "'") })).toBeTruthy();
      expect(screen.queryByText('the chat')).toBeNull();
      expect(screen.getByRole('link', { name: 'Go to Creator List' })).toBeTruthy();
    },
  );

  it("lets the creator's own user into their 18+ persona's chat without asking", () => {
    const user = signInAs({ userType: 'authenticated', ageBand: null, userId: 'creator-user' });
    renderCheck(newCreator({ userId: user.userId, audienceMinimum: '18+' }));
    expect(screen.getByText('the chat')).toBeTruthy();
  });

  it('shows an 18+ chat to an adult', () => {
    signInAs({ ageBand: 'adult' });
    renderCheck(newCreator({ audienceMinimum: '18+' }));
    expect(screen.getByText('the chat')).toBeTruthy();
  });
});
