import { ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';

export class ContentError extends ServiceError {
  static profileNotFound(handle: string): ContentError {
    return new ContentError(
      ErrorCode.ProfileNotFound,
      `No TikTok profile @${handle} was found. Check the spelling and try again.`,
    );
  }

  static providerUnavailable(): ContentError {
    return new ContentError(ErrorCode.ContentProviderUnavailable);
  }

  /** Importing is part of becoming a creator, which needs an account (as creators' onboarding routes say). */
  static guestsCannotImport(): ContentError {
    return new ContentError(
      ErrorCode.Forbidden,
      'Sign in with an account to become a creator; guests cannot import a TikTok data export.',
    );
  }

  static invalidExport(problem: string): ContentError {
    return new ContentError(
      ErrorCode.DataExportInvalid,
      `This file is not a TikTok data export we can read (${problem}) In TikTok, request your data in JSON format, then upload its user_data file. Nothing was imported.`,
    );
  }
}
