import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Spec §4/§9: scrolling up by more than 5px pauses autoscroll; within 20px of the bottom resumes it. */
const SCROLL_PAUSE_PX = 5;
const SCROLL_RESUME_PX = 20;
export const SCROLL_DEBOUNCE_MS = 150;

export interface AutoScroll<T extends HTMLElement> {
  ref: RefObject<T | null>;
  /** True while the user has scrolled away from the newest messages. */
  paused: boolean;
  onScroll(): void;
  onWheel(event: { deltaY: number }): void;
  /** Jumps to the newest message and resumes following it. */
  scrollToBottom(): void;
}

/** Keeps a scroll container pinned to its bottom while `content` changes, unless the user scrolled up. */
export function useAutoScroll<T extends HTMLElement>(content: unknown): AutoScroll<T> {
  const ref = useRef<T>(null);
  const [paused, setPaused] = useState(false);
  const pausedRef = useRef(false);
  const anchorTop = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const setPausedBoth = useCallback((value: boolean) => {
    pausedRef.current = value;
    setPaused(value);
  }, []);

  const distanceFromBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;

  const pin = useCallback((smooth: boolean) => {
    const el = ref.current;
    if (!el) return;
    if (smooth && typeof el.scrollTo === 'function')
      el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    else el.scrollTop = el.scrollHeight;
    anchorTop.current = el.scrollHeight - el.clientHeight;
  }, []);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // Pausing is immediate so streamed text cannot yank the view back while the user reads.
    if (distanceFromBottom(el) > SCROLL_RESUME_PX && anchorTop.current - el.scrollTop > SCROLL_PAUSE_PX) {
      setPausedBoth(true);
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      const node = ref.current;
      if (!node) return;
      if (distanceFromBottom(node) <= SCROLL_RESUME_PX) setPausedBoth(false);
      else if (anchorTop.current - node.scrollTop > SCROLL_PAUSE_PX) setPausedBoth(true);
      anchorTop.current = node.scrollTop;
    }, SCROLL_DEBOUNCE_MS);
  }, [setPausedBoth]);

  const onWheel = useCallback(
    (event: { deltaY: number }) => {
      const el = ref.current;
      if (el && event.deltaY < 0 && el.scrollHeight > el.clientHeight) setPausedBoth(true);
    },
    [setPausedBoth],
  );

  const scrollToBottom = useCallback(() => {
    setPausedBoth(false);
    pin(true);
  }, [pin, setPausedBoth]);

  useLayoutEffect(() => {
    if (!pausedRef.current) pin(false);
  }, [content, pin]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { ref, paused, onScroll, onWheel, scrollToBottom };
}
