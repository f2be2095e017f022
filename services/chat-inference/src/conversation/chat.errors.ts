import { ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';

const LIMIT_WITH_TIME = "You've reached your message limit. You can send more messages after {time}.";
const LIMIT_WITHOUT_TIME =
  "You've reached your message limit. Subscribe to continue chatting without interruption.";

export class ChatError extends ServiceError {
  /** Not found, whether it does not exist or belongs to someone else: ids reveal nothing. */
  static conversationNotFound(): ChatError {
    return new ChatError(ErrorCode.ConversationNotFound, 'Conversation not found');
  }

  static rateLimited(nextAvailableTime: string | null): ChatError {
    const message = nextAvailableTime
      ? LIMIT_WITH_TIME.replace('{time}', nextAvailableTime)
      : LIMIT_WITHOUT_TIME;
    return new ChatError(ErrorCode.RateLimited, message, { nextAvailableTime });
  }

  static creatorNotOnboarded(): ChatError {
    return new ChatError(ErrorCode.Forbidden, 'This creator is not taking chats yet');
  }
}
