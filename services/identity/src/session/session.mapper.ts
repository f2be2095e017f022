import type { SessionGetReply } from '@backtalk/proto';
import type { UserEntity } from '../user/user.entity';
import { userTypeOf } from '../user/user-type';

/** The one place a user record becomes the wire's session. */
export function toSession(user: UserEntity): SessionGetReply {
  return {
    userId: user.id,
    userType: userTypeOf(user),
    groups: [...user.groups],
    email: user.email,
    emailVerified: user.emailVerified,
    isCreator: user.isCreator,
  };
}
