import { act, cleanup, render, screen } from '@testing-library/react';
import type { ChatMessage } from '../../api';
import { resetAppState } from '../../test/fixtures';
import { useChatStore } from './chat.store';
import { ReplyAnnouncer, replyToAnnounce } from './ReplyAnnouncer';

const earlier: ChatMessage = {
  id: '0f1e2d3c-4b5a-4968-8776-655443322110',
  role: 'assistant',
  content: 'An answer from yesterday.',
  createdAt: '2026-11-26T10:00:00.000Z',
  status: 'complete',
  citations: [],
};
const replyId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const region = () => screen.getByRole('status');
/** Every text the live region held, in order (a screen reader reads each change once). */
function spokenTexts(): string[] {
  const spoken: string[] = [];
  const observer = new MutationObserver(() => {
    const text = region().textContent ?? '';
    if (text !== spoken.at(-1)) spoken.push(text);
  });
  observer.observe(region(), { childList: true, characterData: true, subtree: true });
  return spoken;
}

describe('the chat announces finished replies politely (docs/architecture.md, "Accessibility")', () => {
  beforeEach(() => resetAppState());
  afterEach(cleanup);

  it('reads a streamed reply out once, when it is whole, and never the history it opened with', async () => {
    render(<ReplyAnnouncer creatorName="Tilly" />);
    expect(region().getAttribute('aria-live')).toBe('polite');
    act(() => useChatStore.getState().setHistory([earlier]));
    expect(region().textContent).toBe('');

    const spoken = spokenTexts();
    act(() => {
      useChatStore.getState().addUserMessage('Hi Tilly!');
      useChatStore.getState().applyFragment({ text: 'Hello', id: `${replyId}#0` });
    });
    act(() => useChatStore.getState().applyFragment({ text: ' there', id: `${replyId}#1` }));
    expect(region().textContent).toBe('');
    act(() => useChatStore.getState().applyFragment({ text: '!', id: `${replyId}#2`, stopReason: 'stop' }));
    // Later changes to the same reply (its citations) are not read again.
    act(() => useChatStore.getState().applyCitations({ messageId: replyId, citations: [] }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(spoken).toEqual(['Tilly: Hello there!']);
  });

  it('says nothing for a reply that failed before its first word, or for the fan’s own message', () => {
    const announced = new Set<string>();
    const failed: ChatMessage = { ...earlier, id: replyId, content: '', status: 'failed' };
    const mine: ChatMessage = { ...earlier, id: 'local-1', role: 'user', content: 'Hi' };
    expect(replyToAnnounce([failed], announced)).toBeNull();
    expect(replyToAnnounce([earlier, mine], new Set([earlier.id]))).toBeNull();
    expect(replyToAnnounce([{ ...earlier, status: 'streaming' }], announced)).toBeNull();
    expect(replyToAnnounce([earlier, mine], announced)).toBe(earlier);
  });
});
