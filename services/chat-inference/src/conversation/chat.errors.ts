import { ServiceError } from '@backtalk/kit';
import { AiErrorCode, ChatErrorCode, ErrorCode } from '@backtalk/proto';

const LIMIT_WITH_TIME = "You've reached your message limit. You can send more messages after {time}.";
const LIMIT_WITHOUT_TIME =
  "You've reached your message limit. Subscribe to continue chatting without interruption.";

/** chat-inference's errors; each message tells the fan what to do next. */
export class ChatError extends ServiceError {
  /** Not found, whether it does not exist or belongs to someone else: ids reveal nothing. */
  static conversationNotFound(): ChatError {
    return new ChatError(
      ChatErrorCode.ConversationNotFound,
      'Conversation not found. Open the chat from the creator’s page to start a new one.',
    );
  }

  static rateLimited(nextAvailableTime: string | null): ChatError {
    const message = nextAvailableTime
      ? LIMIT_WITH_TIME.replace('{time}', nextAvailableTime)
      : LIMIT_WITHOUT_TIME;
    return new ChatError(ErrorCode.RateLimited, message, { nextAvailableTime });
  }

  static creatorNotOnboarded(): ChatError {
    return new ChatError(
      ErrorCode.Forbidden,
      'This creator is not taking chats yet. Check back once they have finished setting up.',
    );
  }

  static tooManyReplies(limit: number): ChatError {
    return new ChatError(
      ChatErrorCode.TooManyReplies,
      `You already have ${limit} replies on the way. Wait for them to finish, then send again.`,
      { limit },
    );
  }

  /** The reply began to quote the persona's hidden instructions (their canary) and was cut off. */
  static replyStopped(): ChatError {
    return new ChatError(AiErrorCode.ReplyStopped);
  }

  static invalidCursor(): ChatError {
    return new ChatError(
      ErrorCode.ValidationFailed,
      'This page of messages cannot be found. Reload the conversation to start from the newest messages.',
    );
  }
}
