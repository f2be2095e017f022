import { ForbiddenError, ServiceError } from '@backtalk/kit';
import { ChatErrorCode, ErrorCode } from '@backtalk/proto';
import type { SendRefusal } from './report-rules';

/**
 * The fan's cool-down in words a person reads at once: how long, and when in UTC (the service does
 * not know the fan's time zone; the details carry the exact time for the browser).
 */
export function coolDownMessage(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  const wait =
    minutes < 120 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.round(minutes / 60)} hours`;
  const at = `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `Your chats are paused because several of your messages broke the rules. You can send messages again in ${wait} (at ${at}).`;
}

/** Reports' and chat standing's errors; each tells the caller what to do next. */
export class ReportError extends ServiceError {
  /** Not found, whether it does not exist or is in someone else's conversation: ids reveal nothing. */
  static messageNotFound(): ReportError {
    return new ReportError(
      ChatErrorCode.MessageNotFound,
      'This message was not found in your conversation. Reload the chat and try again.',
    );
  }

  static notAReply(): ReportError {
    return new ReportError(ErrorCode.ValidationFailed, 'Only the persona’s replies can be reported.');
  }

  static alreadyOpen(): ReportError {
    return new ReportError(
      ChatErrorCode.ReportAlreadyOpen,
      'You have already reported this message. We will review it; you do not need to report it again.',
    );
  }

  static notFound(): ReportError {
    return new ReportError(ChatErrorCode.ReportNotFound, 'This report was not found. Reload the list.');
  }

  static closed(): ReportError {
    return new ReportError(
      ChatErrorCode.ReportClosed,
      'This report has already been handled. Reload the list to see what was done.',
    );
  }

  static adminsOnly(): ForbiddenError {
    return new ForbiddenError('Only admins can review reports.');
  }

  static notYourPersona(): ForbiddenError {
    return new ForbiddenError('You can only see reports about your own persona.');
  }

  /** Why the fan cannot send now, with when they can again where that is known. */
  static sendRefused(refusal: SendRefusal): ReportError {
    switch (refusal.kind) {
      case 'suspended':
        return new ReportError(
          ChatErrorCode.FanSuspended,
          'Your account can no longer send messages in chats after a review of reported messages. Contact support if you think this is a mistake.',
        );
      case 'cooled-down':
        return new ReportError(ChatErrorCode.FanCooledDown, coolDownMessage(refusal.until, new Date()), {
          nextAvailableTime: refusal.until.toISOString(),
        });
      case 'persona-paused':
        return new ReportError(
          ChatErrorCode.PersonaPaused,
          'This persona is paused and is not taking messages right now. Come back later.',
        );
    }
  }
}
