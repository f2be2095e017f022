export * from './types';
export { ApiError, isAbortError } from './api-error';
export { bindAuth, apiFetch, apiJson, type AuthBinding, type RequestOptions } from './http';
export * from './creators.api';
export * from './auth.api';
export * from './conversations.api';
export * from './chat.api';
export * from './billing.api';
