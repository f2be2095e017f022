import { apiJson } from './http';
import type { RateLimitReply } from './types';

/** Asks whether the user may send `message` to this creator; an empty message is a status check. */
export function checkRateLimit(
  creatorId: string,
  message: string,
  signal?: AbortSignal,
): Promise<RateLimitReply> {
  return apiJson<RateLimitReply>('/chat/rate-limit', {
    method: 'POST',
    body: { creatorId, message },
    signal,
  });
}
