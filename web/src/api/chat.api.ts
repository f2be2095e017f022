import { api, bodyOf } from './client';
import type { RateLimitReply } from './types';

/** Asks whether the user may send `message` to this creator; an empty message is a status check. */
export async function checkRateLimit(
  creatorId: string,
  message: string,
  signal?: AbortSignal,
): Promise<RateLimitReply> {
  return bodyOf(await api.POST('/api/chat/rate-limit', { body: { creatorId, message }, signal }));
}
