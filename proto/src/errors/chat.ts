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
  /** Reports and chat standing (docs/safety.md, "Reports"). */
  MessageNotFound: {
    code: 'MESSAGE_NOT_FOUND',
    status: 404,
    message: 'This message was not found. Reload the conversation and try again.',
  },
  ReportNotFound: {
    code: 'REPORT_NOT_FOUND',
    status: 404,
    message: 'This report was not found. Reload the list.',
  },
  ReportAlreadyOpen: {
    code: 'REPORT_ALREADY_OPEN',
    status: 409,
    message: 'You have already reported this message. We will review it.',
  },
  ReportClosed: {
    code: 'REPORT_CLOSED',
    status: 409,
    message: 'This report has already been handled. Reload the list to see what was done.',
  },
  /** 403, not 429: a client must not retry it, and it is no free-tier limit a subscription lifts. */
  FanCooledDown: {
    code: 'FAN_COOLED_DOWN',
    status: 403,
    message: 'Your chats are paused for a while. Try again later.',
  },
  FanSuspended: {
    code: 'FAN_SUSPENDED',
    status: 403,
    message: 'Your account can no longer send messages in chats.',
  },
  /** The fan's age band is below the creator's audience minimum (docs/safety.md, "Age"). */
  AudienceMinimumNotMet: {
    code: 'AUDIENCE_MINIMUM_NOT_MET',
    status: 403,
    message: "This creator's chat is for older fans, so you can't chat with this persona.",
  },
  PersonaPaused: {
    code: 'PERSONA_PAUSED',
    status: 409,
    message: 'This persona is paused by its creator or by Backtalk. Come back later.',
  },
} as const satisfies ErrorList;
