import { Injectable } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import { ErrorCode, passwordRuleViolations } from '@backtalk/proto';
import { IdentityConfig } from '../identity.config';

/** Spec §5 password rules with the configured minimum (PASSWORD_MIN_LENGTH), checked on the server too. */
@Injectable()
export class PasswordPolicy {
  constructor(private readonly config: IdentityConfig) {}

  get minLength(): number {
    return this.config.PASSWORD_MIN_LENGTH;
  }

  /** AUTH_INVALID_PASSWORD with the spec's message for the first rule broken; all of them in `details`. */
  assertAcceptable(password: string): void {
    const violations = passwordRuleViolations(password, this.minLength);
    if (violations.length > 0) {
      throw new ServiceError(ErrorCode.AuthInvalidPassword, violations[0], { violations });
    }
  }
}
