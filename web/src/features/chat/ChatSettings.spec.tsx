import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { WithProviders } from '../../test/fixtures';
import { ChatSettings } from './ChatSettings';

/** jsdom has no matchMedia: a screen `width` px wide, whose width can change afterwards. */
function screenWidth(width: number) {
  const listeners = new Set<() => void>();
  let current = width;
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      media: query,
      get matches() {
        return query === '(max-width: 768px)' && current <= 768;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }),
  });
  return (next: number) =>
    act(() => {
      current = next;
      listeners.forEach((listener) => listener());
    });
}

function renderSettings() {
  render(
    <WithProviders>
      <ChatSettings>
        <details data-testid="memory-panel">
          <summary>What Maya remembers</summary>
        </details>
        <label>
          <input type="checkbox" /> Let Maya read this conversation and reply in person
        </label>
      </ChatSettings>
    </WithProviders>,
  );
}

describe('ChatSettings', () => {
  afterEach(() => {
    cleanup();
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('on a phone folds the memory panel and the in-person choice into one closed "Chat settings"', () => {
    screenWidth(390);
    renderSettings();
    const fold = screen.getByTestId('chat-settings');
    expect(fold.tagName).toBe('DETAILS');
    expect((fold as HTMLDetailsElement).open).toBe(false);
    expect(fold.querySelector('summary')?.textContent).toBe('Chat settings');
    expect(fold.contains(screen.getByTestId('memory-panel'))).toBe(true);
    // Folded, still labelled and reachable once opened.
    fireEvent.click(screen.getByText('Chat settings'));
    expect(screen.getByRole('checkbox', { name: /reply in person/ })).toBeTruthy();
  });

  it('on a wider screen shows them as they are, and follows a change of width without remounting them', () => {
    const resize = screenWidth(1280);
    renderSettings();
    const fold = screen.getByTestId('chat-settings') as HTMLDetailsElement;
    expect(fold.open).toBe(true);
    expect(fold.querySelector('summary')?.hidden).toBe(true);
    const panel = screen.getByTestId('memory-panel');
    expect(screen.getByRole('checkbox', { name: /reply in person/ })).toBeTruthy();
    resize(390);
    expect(fold.open).toBe(false);
    expect(fold.querySelector('summary')?.hidden).toBe(false);
    // The same elements: the in-person panel keeps its live events across a resize.
    expect(screen.getByTestId('memory-panel')).toBe(panel);
    resize(1280);
    expect(fold.open).toBe(true);
  });

  it('shows them as they are where the browser cannot tell the width', () => {
    renderSettings();
    expect((screen.getByTestId('chat-settings') as HTMLDetailsElement).open).toBe(true);
    expect(screen.getByTestId('memory-panel')).toBeTruthy();
  });
});
