export * from './types';
export { ApiError, isAbortError } from './api-error';
export { api, bindAuth, bodyOf, publicApi, type AuthBinding } from './client';
export * from './creators.api';
export * from './auth.api';
export * from './conversations.api';
export * from './chat.api';
export * from './queries';
export { queryClient, isRetryable, RETRYABLE_STATUSES } from './query-client';
