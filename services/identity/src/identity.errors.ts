import { ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';

/** The identity module's error codes, as they appear on the wire. */
export const IdentityErrorCode = {
  TokenInvalid: ErrorCode.TokenInvalid,
  TokenReused: ErrorCode.TokenReused,
  UserNotFound: ErrorCode.NotFound,
} as const;
export type IdentityErrorCode = (typeof IdentityErrorCode)[keyof typeof IdentityErrorCode];

export class IdentityError extends ServiceError {
  constructor(code: IdentityErrorCode, message: string) {
    super(code, message);
  }

  /** Unknown, expired or revoked refresh token (one answer, so callers learn nothing from the difference). */
  static tokenInvalid(): IdentityError {
    return new IdentityError(IdentityErrorCode.TokenInvalid, 'The refresh token is invalid or has expired');
  }

  static tokenReused(): IdentityError {
    return new IdentityError(
      IdentityErrorCode.TokenReused,
      'The refresh token was already used; the session has been signed out',
    );
  }

  static userNotFound(): IdentityError {
    return new IdentityError(IdentityErrorCode.UserNotFound, 'User not found');
  }
}
