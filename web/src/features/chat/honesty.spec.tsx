import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ChatMessage } from '../../api';
import { apiCalls, errorResponse, http, server } from '../../test/api-mock';
import { WithProviders, resetAppState } from '../../test/fixtures';
import { AiPersonaNotice, PersonaPausedNotice } from './AiPersonaNotice';
import { useChatStore } from './chat.store';
import { HIDDEN_MESSAGE_TEXT, ReplyMeta } from './ReplyMeta';
import { REPORT_TEXT } from './ReportReply';

const conversationId = '5c4b3a29-1807-4f6e-9d5c-4b3a29180706';
const reply: ChatMessage = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  role: 'assistant',
  content: 'A reply.',
  createdAt: '2026-11-27T10:00:00.000Z',
  status: 'complete',
  citations: [],
};

function renderMeta(message: ChatMessage) {
  render(
    <WithProviders>
      <ReplyMeta message={message} />
    </WithProviders>,
  );
}

describe('honesty and reporting in the chat (docs/safety.md)', () => {
  beforeEach(() => {
    resetAppState();
    useChatStore.getState().setConversation(conversationId);
  });
  afterEach(cleanup);

  it("labels every reply 'AI' and offers Report only once it is complete and not hidden", () => {
    renderMeta(reply);
    expect(screen.getByText('AI')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report this reply' })).toBeTruthy();
    cleanup();
    renderMeta({ ...reply, status: 'streaming' });
    expect(screen.getByText('AI')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report this reply' })).toBeNull();
    cleanup();
    renderMeta({ ...reply, content: HIDDEN_MESSAGE_TEXT });
    expect(screen.queryByRole('button', { name: 'Report this reply' })).toBeNull();
  });

  it('reports a reply with a reason and a note, and thanks the fan', async () => {
    server.use(
      http.post('/api/conversations/{id}/messages/{messageId}/reports', ({ response }) =>
        response(201).json({
          id: '0b6b7d4e-6f1a-4a55-9b0e-2c3d4e5f6a7b',
          messageId: reply.id,
          reason: 'sexual',
          state: 'open',
          createdAt: '2026-11-27T10:01:00.000Z',
        }),
      ),
    );
    renderMeta(reply);
    fireEvent.click(screen.getByRole('button', { name: 'Report this reply' }));
    const dialog = await screen.findByRole('dialog', { name: REPORT_TEXT.title });
    // No reason chosen: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: REPORT_TEXT.submit }));
    expect(await within(dialog).findByText('Choose what is wrong with the reply.')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Sexual'));
    fireEvent.change(within(dialog).getByLabelText(REPORT_TEXT.note), { target: { value: ' too far ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: REPORT_TEXT.submit }));
    expect(await within(dialog).findByText(REPORT_TEXT.thanks)).toBeTruthy();
    const calls = apiCalls('POST', `/api/conversations/${conversationId}/messages/${reply.id}/reports`);
    expect(calls.map((call) => call.body)).toEqual([{ reason: 'sexual', note: 'too far' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Reply reported' })).toHaveProperty('disabled', true);
  });

  it("says why a report failed, and treats 'already reported' as done", async () => {
    server.use(
      http.post('/api/conversations/{id}/messages/{messageId}/reports', ({ response }) =>
        response.untyped(
          errorResponse(503, 'SERVICE_UNAVAILABLE', 'Backtalk is busy. Try again in a moment.'),
        ),
      ),
    );
    renderMeta(reply);
    fireEvent.click(screen.getByRole('button', { name: 'Report this reply' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('Harmful or dangerous'));
    fireEvent.click(within(dialog).getByRole('button', { name: REPORT_TEXT.submit }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Backtalk is busy. Try again in a moment.',
    );
    server.use(
      http.post('/api/conversations/{id}/messages/{messageId}/reports', ({ response }) =>
        response.untyped(
          errorResponse(409, 'REPORT_ALREADY_OPEN', 'You have already reported this message.'),
        ),
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: REPORT_TEXT.submit }));
    expect(await within(dialog).findByText(REPORT_TEXT.thanks)).toBeTruthy();
  });

  it('shows the AI notice until it is dismissed, then never again for that creator', () => {
    const notice = (creatorId: string) =>
      render(
        <MemoryRouter>
          <AiPersonaNotice creatorId={creatorId} creatorName="Tilly" />
        </MemoryRouter>,
      );
    notice('creator-a');
    const aside = screen.getByTestId('ai-persona-notice');
    expect(aside.textContent).toContain('This is an AI persona of Tilly');
    expect(aside.textContent).toContain('can be wrong');
    expect(aside.textContent).toContain("Don't share personal details");
    expect(within(aside).getByRole('link', { name: 'How the persona works' }).getAttribute('href')).toBe(
      '/how-it-works',
    );
    fireEvent.click(within(aside).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByTestId('ai-persona-notice')).toBeNull();
    cleanup();
    notice('creator-a');
    expect(screen.queryByTestId('ai-persona-notice')).toBeNull();
    cleanup();
    notice('creator-b');
    expect(screen.getByTestId('ai-persona-notice')).toBeTruthy();
  });

  it('says a paused persona takes no messages', () => {
    render(<PersonaPausedNotice creatorName="Tilly" />);
    expect(screen.getByTestId('persona-paused').textContent).toContain("Tilly's AI persona is paused");
  });
});
