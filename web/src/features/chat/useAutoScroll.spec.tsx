import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { SCROLL_DEBOUNCE_MS, useAutoScroll } from './useAutoScroll';

/** A scroll box with controllable geometry: 1000px of content in a 400px window. */
let metrics = { scrollHeight: 1000, clientHeight: 400, scrollTop: 0 };

function Harness() {
  const [items, setItems] = useState(1);
  const { ref: boxRef, onScroll, paused, scrollToBottom } = useAutoScroll<HTMLDivElement>(items);
  return (
    <>
      <div
        data-testid="box"
        ref={(el) => {
          boxRef.current = el;
          if (el && !Object.prototype.hasOwnProperty.call(el, 'scrollTop')) {
            Object.defineProperty(el, 'scrollHeight', {
              configurable: true,
              get: () => metrics.scrollHeight,
            });
            Object.defineProperty(el, 'clientHeight', {
              configurable: true,
              get: () => metrics.clientHeight,
            });
            Object.defineProperty(el, 'scrollTop', {
              configurable: true,
              get: () => metrics.scrollTop,
              set: (value: number) => {
                metrics.scrollTop = Math.max(0, Math.min(value, metrics.scrollHeight - metrics.clientHeight));
              },
            });
          }
        }}
        onScroll={onScroll}
      />
      <button type="button" onClick={() => setItems((n) => n + 1)}>
        more
      </button>
      {paused ? (
        <button type="button" onClick={scrollToBottom}>
          to bottom
        </button>
      ) : null}
    </>
  );
}

function userScrollsTo(top: number) {
  metrics.scrollTop = top;
  fireEvent.scroll(screen.getByTestId('box'));
}
function contentGrows(by = 200) {
  metrics.scrollHeight += by;
  fireEvent.click(screen.getByRole('button', { name: 'more' }));
}

describe('useAutoScroll', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    metrics = { scrollHeight: 1000, clientHeight: 400, scrollTop: 0 };
    render(<Harness />);
  });
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
  });

  it('follows new content to the bottom', () => {
    expect(metrics.scrollTop).toBe(600);
    contentGrows();
    expect(metrics.scrollTop).toBe(800);
  });

  it('pauses when the user scrolls up by more than 5px', () => {
    userScrollsTo(560);
    expect(screen.getByRole('button', { name: 'to bottom' })).toBeTruthy();
    contentGrows();
    expect(metrics.scrollTop).toBe(560);
  });

  it('keeps following after a scroll of 5px or less', () => {
    userScrollsTo(595);
    act(() => jest.advanceTimersByTime(SCROLL_DEBOUNCE_MS));
    expect(screen.queryByRole('button', { name: 'to bottom' })).toBeNull();
    contentGrows();
    expect(metrics.scrollTop).toBe(800);
  });

  it('resumes, after the 150 ms debounce, once back within 20px of the bottom', () => {
    userScrollsTo(300);
    act(() => jest.advanceTimersByTime(SCROLL_DEBOUNCE_MS));
    userScrollsTo(581); // 19px from the bottom
    act(() => jest.advanceTimersByTime(SCROLL_DEBOUNCE_MS - 1));
    expect(screen.getByRole('button', { name: 'to bottom' })).toBeTruthy();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('button', { name: 'to bottom' })).toBeNull();
    contentGrows();
    expect(metrics.scrollTop).toBe(800);
  });

  it('stays paused 21px or more from the bottom', () => {
    userScrollsTo(300);
    act(() => jest.advanceTimersByTime(SCROLL_DEBOUNCE_MS));
    userScrollsTo(579);
    act(() => jest.advanceTimersByTime(SCROLL_DEBOUNCE_MS));
    expect(screen.getByRole('button', { name: 'to bottom' })).toBeTruthy();
  });

  it('jumps to the bottom and resumes from the scroll-to-bottom button', () => {
    userScrollsTo(100);
    fireEvent.click(screen.getByRole('button', { name: 'to bottom' }));
    expect(metrics.scrollTop).toBe(600);
    expect(screen.queryByRole('button', { name: 'to bottom' })).toBeNull();
    contentGrows();
    expect(metrics.scrollTop).toBe(800);
  });
});
