import type { UserEntity } from '../user/user.entity';
import { type UserType, userTypeOf } from '../user/user-type';

/** The `aud` of every token identity signs; the gateway checks it. */
export const TOKEN_AUDIENCE = 'backtalk';

/** What a token says about its user; the standard claims (sub, iss, aud, iat, exp, jti) are added when signing. */
export type TokenSubject = Pick<UserEntity, 'id' | 'username' | 'email' | 'groups' | 'isCreator'>;

export type AccessTokenClaims = {
  /** 'access' or 'id', so one kind cannot be presented as the other. */
  token_use: 'access';
  user_type: UserType;
  groups: string[];
  username: string;
};

export type IdTokenClaims = Omit<AccessTokenClaims, 'token_use'> & {
  token_use: 'id';
  email: string | null;
  is_creator: boolean;
};

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
