import type { ErrorList } from './error-list';

/**
 * The AI library's codes (the model, the persona prompt, the post index), raised
 * by whichever service runs it. `LLM_UNAVAILABLE` and `MESSAGE_TOO_LONG` are in
 * chat's list. Each message says what the fan can do; where only the site's
 * operator can help, it says so instead of asking the fan to retry.
 */
export const aiErrors = {
  /** The local model's wait queue (LLM_QUEUE_LIMIT) is full. */
  ModelBusy: {
    code: 'MODEL_BUSY',
    status: 503,
    message: 'Many fans are chatting right now. Send your message again in a minute.',
  },
  /** Even a short message, with the creator's texts left out, leaves no room for a reply. */
  ModelTooSmall: {
    code: 'MODEL_TOO_SMALL',
    status: 503,
    message:
      "This chat's AI model is too small to answer. The site's operator needs to configure a larger model.",
  },
  /** The provider stopped answering (no first token, or a stall mid-stream). */
  LlmTimeout: {
    code: 'LLM_TIMEOUT',
    status: 504,
    message: 'The AI took too long to answer. Send your message again in a moment.',
  },
  /** The provider is rate limiting this site. */
  LlmRateLimited: {
    code: 'LLM_RATE_LIMITED',
    status: 503,
    message: 'The AI is answering too many fans right now. Send your message again in a minute.',
  },
  /** Refused credentials, an unknown provider, a missing key: a deployment problem, not the fan's. */
  LlmMisconfigured: {
    code: 'LLM_MISCONFIGURED',
    status: 503,
    message: "This chat's AI is not set up correctly. The site's operator needs to fix its configuration.",
  },
  /** The provider refused the request itself (content, size). */
  LlmRejected: {
    code: 'LLM_REJECTED',
    status: 502,
    message: 'The AI could not answer this message. Rephrase it and send it again.',
  },
  /** The reply began to quote the persona's hidden instructions (its canary) and was cut off. */
  ReplyStopped: {
    code: 'REPLY_STOPPED',
    status: 502,
    message:
      'The reply was stopped because it started to reveal the chat’s hidden instructions. Ask something else.',
  },
  /** The post index (Qdrant) cannot be reached or failed. */
  PostIndexUnavailable: {
    code: 'POST_INDEX_UNAVAILABLE',
    status: 503,
    message: 'The creator’s posts cannot be searched right now. Send your message again in a moment.',
  },
} as const satisfies ErrorList;
