import type { AccessTokenClaims, IdTokenClaims } from '@backtalk/proto';
import type { UserEntity } from '../user/user.entity';
import { ageBandOfUser } from '../user/user-age';
import { phoneOf, verifiedPhoneOf } from '../user/user-phone';
import { userTypeOf } from '../user/user-type';

/** What a token says about its user; the standard claims (sub, iss, aud, iat, exp, jti) are added when signing. */
export type TokenSubject = Pick<
  UserEntity,
  | 'id'
  | 'username'
  | 'email'
  | 'emailVerified'
  | 'groups'
  | 'isCreator'
  | 'isGuest'
  | 'attributes'
  | 'confirmedAgeBand'
  | 'verifiedPhoneNumber'
>;

/**
 * `sessionId` (the refresh-token family) becomes `sid`, so the user can tell which session is this
 * one. The age band (never the birth date) is counted at `now`.
 */
export function accessTokenClaims(
  user: TokenSubject,
  sessionId?: string,
  now = new Date(),
): AccessTokenClaims {
  const ageBand = ageBandOfUser(user, now);
  return {
    token_use: 'access',
    user_type: userTypeOf(user),
    groups: [...user.groups],
    username: user.username,
    ...(sessionId ? { sid: sessionId } : {}),
    ...(ageBand ? { age_band: ageBand } : {}),
  };
}

/** Spec §6: the admin group travels in the ID token's `groups` claim. */
export function idTokenClaims(user: TokenSubject, sessionId?: string, now = new Date()): IdTokenClaims {
  return {
    ...accessTokenClaims(user, sessionId, now),
    token_use: 'id',
    email: user.email,
    email_verified: user.emailVerified,
    ...(phoneOf(user) ? { phone_number_verified: verifiedPhoneOf(user) !== null } : {}),
    is_creator: user.isCreator,
  };
}
