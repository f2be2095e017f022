import type { AccessTokenClaims, IdTokenClaims } from '@backtalk/proto';
import type { UserEntity } from '../user/user.entity';
import { userTypeOf } from '../user/user-type';

/** What a token says about its user; the standard claims (sub, iss, aud, iat, exp, jti) are added when signing. */
export type TokenSubject = Pick<UserEntity, 'id' | 'username' | 'email' | 'groups' | 'isCreator'>;

export function accessTokenClaims(user: TokenSubject): AccessTokenClaims {
  return {
    token_use: 'access',
    user_type: userTypeOf(user),
    groups: [...user.groups],
    username: user.username,
  };
}

export function idTokenClaims(user: TokenSubject): IdTokenClaims {
  return {
    ...accessTokenClaims(user),
    token_use: 'id',
    email: user.email,
    is_creator: user.isCreator,
  };
}
