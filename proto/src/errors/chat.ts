import type { ErrorList } from './error-list';

/** chat-inference's codes, including those of the AI library it runs. */
export const chatErrors = {
  ConversationNotFound: {
    code: 'CONVERSATION_NOT_FOUND',
    status: 404,
    message: 'This conversation was not found. Open the creator’s chat again.',
  },
  LlmUnavailable: {
    code: 'LLM_UNAVAILABLE',
    status: 503,
    message: 'The AI could not answer right now. Send your message again in a moment.',
  },
  /** The message does not fit the model's prompt budget: shortening it is the only fix. */
  MessageTooLong: {
    code: 'MESSAGE_TOO_LONG',
    status: 400,
    message: 'Your message is too long for this chat. Shorten it and send again.',
  },
  /** The fan already has CHAT_MAX_CONCURRENT_REPLIES_PER_USER replies streaming. */
  TooManyReplies: {
    code: 'TOO_MANY_REPLIES',
    status: 429,
    message: 'Wait for the replies you are already getting to finish, then send again.',
  },
} as const satisfies ErrorList;
