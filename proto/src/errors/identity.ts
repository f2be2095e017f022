import type { ErrorList } from './error-list';

export const identityErrors = {
  TokenInvalid: {
    code: 'TOKEN_INVALID',
    status: 401,
    message: 'Your session has ended. Sign in again, or continue as a guest.',
  },
  TokenReused: {
    code: 'TOKEN_REUSED',
    status: 401,
    message: 'For your safety this session was ended. Sign in again.',
  },
} as const satisfies ErrorList;
