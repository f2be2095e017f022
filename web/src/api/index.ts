export * from './types';
export { ApiError, isAbortError } from './api-error';
export { bindAuth } from './client';
export * from './creators.api';
export * from './auth.api';
export * from './conversations.api';
export * from './chat.api';
export * from './queries';
export { queryClient } from './query-client';
