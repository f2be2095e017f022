import { isAdmin } from '@backtalk/proto/browser';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient, type Creator, type SessionInfo } from '../api';
import { forgetTokens, holdTokens } from '../features/session/session-tokens';
import { cancelScheduledRefresh, useSessionStore, type SessionUser } from '../features/session/session.store';
import { useChatStore } from '../features/chat/chat.store';

export function newCreator(overrides: Partial<Creator> = {}): Creator {
  return {
    id: 'creator-1',
    userId: 'creator-user-1',
    handle: 'maya.makes',
    nickName: 'Maya',
    tiktokURL: 'https://www.tiktok.com/@maya.makes',
    bio: 'Tiny kitchen, big flavour.',
    thumb: '',
    demoAccount: false,
    onboardingComplete: true,
    initComplete: true,
    verified: true,
    createdAt: '2025-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function newSessionInfo(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    userId: 'fan-1',
    userType: 'guest',
    groups: [],
    email: null,
    emailVerified: false,
    isCreator: false,
    // Answered already, so a test meets the age questions only when it asks for them (ageBand: null).
    ageBand: 'adult',
    ...overrides,
  };
}

/** Puts the session store straight into a loaded state, with tokens in memory. */
export function signInAs(overrides: Partial<SessionInfo> = {}): SessionUser {
  const info = newSessionInfo(overrides);
  const user: SessionUser = { ...info, isAdmin: isAdmin(info) };
  holdTokens({ idToken: 'id-token', accessToken: 'access-token' });
  useSessionStore.setState({ status: info.userType === 'guest' ? 'guest' : 'authenticated', user });
  return user;
}

/** Clean browser state and stores between tests. */
export function resetAppState(): void {
  cancelScheduledRefresh();
  forgetTokens();
  localStorage.clear();
  sessionStorage.clear();
  useSessionStore.setState({ status: 'loading', user: null });
  useChatStore.getState().reset();
  queryClient.clear();
  // A failed request in a test fails at once (the app retries 429/5xx with backoff).
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  window.history.replaceState(null, '', '/');
}

/** Wraps a screen rendered outside the app's router in the providers the route table gives it. */
export function WithProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
