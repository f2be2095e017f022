import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { apiCalls, http, server } from '../../test/api-mock';
import { WithProviders, resetAppState, signInAs } from '../../test/fixtures';
import { useChatStore } from './chat.store';
import { InPersonLine, inPersonLineText } from './InPersonLine';

const CONVERSATION = '00000000-0000-4000-8000-0000000000a1';

function renderLine(state: { creatorMayRead: boolean; inPerson: boolean }) {
  server.use(http.get('/api/conversations/{id}/in-person', ({ response }) => response(200).json(state)));
  useChatStore.getState().setConversation(CONVERSATION);
  render(
    <WithProviders>
      <InPersonLine creatorName="Tilly" />
    </WithProviders>,
  );
}

describe('the in-person line in the fan’s chat (issue 23 item 5)', () => {
  beforeEach(() => {
    resetAppState();
    signInAs({ ageBand: 'adult' });
  });
  afterEach(cleanup);

  it('says the creator is replying in person and the persona is paused while they hold the chat', async () => {
    renderLine({ creatorMayRead: true, inPerson: true });
    const line = await screen.findByTestId('in-person-line');
    expect(line.textContent).toBe(inPersonLineText('Tilly'));
    expect(line.textContent).toContain('Tilly is replying in person');
    expect(line.textContent).toContain('AI persona is paused');
  });

  it('shows nothing while the persona answers', async () => {
    renderLine({ creatorMayRead: true, inPerson: false });
    // The state was asked for and answered: still no line.
    await waitFor(() =>
      expect(apiCalls('GET', `/api/conversations/${CONVERSATION}/in-person`)).toHaveLength(1),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('in-person-line')).toBeNull();
  });
});
