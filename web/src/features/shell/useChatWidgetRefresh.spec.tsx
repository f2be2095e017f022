import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { queryClient } from '../../api';
import { CHAT_WIDGET_REFRESH_MS, useChatWidgetRefresh } from './useChatWidgetRefresh';

function Probe() {
  useChatWidgetRefresh();
  return null;
}

describe('chat widget refresh (spec §2, §9: 500 ms after each route change)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it("marks the chat's rate-limit status stale 500 ms after each route change, not before", async () => {
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries').mockResolvedValue(undefined);
    const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    expect(CHAT_WIDGET_REFRESH_MS).toBe(500);
    act(() => jest.advanceTimersByTime(499));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: ['rate-limit'] });

    await act(() => router.navigate('/@maya.makes'));
    act(() => jest.advanceTimersByTime(300));
    // A further change within the 500 ms replaces the pending refresh.
    await act(() => router.navigate('/creator'));
    act(() => jest.advanceTimersByTime(499));
    expect(invalidate).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(1));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
