import type { ErrorList } from './error-list';

/** Codes any service may raise. Add a code with one line here or in its service's list. */
export const commonErrors = {
  ValidationFailed: {
    code: 'VALIDATION_FAILED',
    status: 400,
    message: 'Some of what was sent is not valid. Check it and send it again.',
  },
  NotFound: { code: 'NOT_FOUND', status: 404, message: 'This was not found. Check the address.' },
  Unauthorized: {
    code: 'UNAUTHORIZED',
    status: 401,
    message: 'Your session has ended. Sign in again, or continue as a guest.',
  },
  Forbidden: { code: 'FORBIDDEN', status: 403, message: 'Your account cannot do this.' },
  Conflict: {
    code: 'CONFLICT',
    status: 409,
    message: 'This changed in the meantime. Reload the page and try again.',
  },
  RateLimited: {
    code: 'RATE_LIMITED',
    status: 429,
    message: 'Too many requests at once. Wait a moment, then try again.',
  },
  ServiceUnavailable: {
    code: 'SERVICE_UNAVAILABLE',
    status: 503,
    message: 'Backtalk is briefly unavailable. Try again in a minute.',
  },
  /** A service's database pool had no connection free in time (a load peak): retrying soon works. */
  ServiceBusy: {
    code: 'SERVICE_BUSY',
    status: 503,
    message: 'Backtalk is very busy right now. Wait a few seconds, then send again.',
  },
  Timeout: { code: 'TIMEOUT', status: 504, message: 'This took too long. Try again in a moment.' },
  Internal: {
    code: 'INTERNAL',
    status: 500,
    message: 'Something went wrong on our side. Try again; if it keeps happening, reload the page.',
  },
} as const satisfies ErrorList;
