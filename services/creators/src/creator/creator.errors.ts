import { ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';

export class CreatorError extends ServiceError {
  /** The caller owns no creator profile (the tools, posts and prompt routes). */
  static notACreator(): CreatorError {
    return new CreatorError(
      ErrorCode.CreatorNotFound,
      'You are not a creator yet. Verify your TikTok profile on the creator sign-up page first.',
    );
  }

  /** A prompt the caller may not read or edit: another creator's (an admin may edit demo creators'). */
  static notYourCreator(): CreatorError {
    return new CreatorError(ErrorCode.Forbidden, 'You can only see and edit your own creator prompt.');
  }

  /** Another creator's initialisation status (spec §6 as narrowed in docs/creators.md). */
  static notYourInitStatus(): CreatorError {
    return new CreatorError(
      ErrorCode.Forbidden,
      'You can only see the setup progress of your own creator profile.',
    );
  }

  /** A re-sync needs a creator whose first initialisation finished. */
  static initIncomplete(): CreatorError {
    return new CreatorError(
      ErrorCode.Conflict,
      'This creator has not finished setting up yet. Finish the initialisation before syncing new posts.',
    );
  }

  static guestsCannotVerify(): CreatorError {
    return new CreatorError(
      ErrorCode.Forbidden,
      'Sign in with an account to become a creator; guests cannot verify a profile.',
    );
  }

  static noVerificationKey(): CreatorError {
    return new CreatorError(ErrorCode.VerificationKeyNotFound);
  }

  static profileClaimed(): CreatorError {
    return new CreatorError(ErrorCode.ProfileAlreadyClaimed);
  }

  /** The admin demo flow: this profile's handle or TikTok id is a creator's already. */
  static alreadyACreator(handle: string): CreatorError {
    return new CreatorError(
      ErrorCode.CreatorAlreadyExists,
      `@${handle} is already a creator on Backtalk, so no demo account was created. Find it on the Demo Accounts page, or enter another profile.`,
    );
  }

  static alreadyVerified(): CreatorError {
    return new CreatorError(ErrorCode.AlreadyVerified);
  }

  static promptVersionNotFound(): CreatorError {
    return new CreatorError(ErrorCode.PromptVersionNotFound);
  }

  /** Only the persona's creator or an admin pauses or resumes it. */
  static notYourPersona(): CreatorError {
    return new CreatorError(ErrorCode.Forbidden, 'You can only pause or resume your own persona.');
  }

  static notYourAudience(): CreatorError {
    return new CreatorError(ErrorCode.Forbidden, 'You can only choose the audience of your own persona.');
  }

  static notFound(): CreatorError {
    return new CreatorError(ErrorCode.CreatorNotFound, 'Creator not found');
  }
}
