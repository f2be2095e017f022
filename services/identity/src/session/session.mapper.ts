import type { SessionGetReply, UserSession } from '@backtalk/proto';
import type { AuthSessionEntity } from './auth-session.entity';
import type { UserEntity } from '../user/user.entity';
import { maskPhone } from '../sms/phone-number';
import { ageBandOfUser } from '../user/user-age';
import { phoneOf, verifiedPhoneOf } from '../user/user-phone';
import { userTypeOf } from '../user/user-type';

/** The one place a user record becomes the wire's session. */
export function toSession(user: UserEntity): SessionGetReply {
  const phone = phoneOf(user);
  return {
    userId: user.id,
    userType: userTypeOf(user),
    groups: [...user.groups],
    email: user.email,
    emailVerified: user.emailVerified,
    ...(phone ? { phoneNumber: maskPhone(phone), phoneNumberVerified: verifiedPhoneOf(user) !== null } : {}),
    isCreator: user.isCreator,
    ageBand: ageBandOfUser(user, new Date()),
  };
}

/** The one place a session row becomes an entry of the user's list of sessions. */
export function toUserSession(session: AuthSessionEntity, currentSessionId?: string): UserSession {
  return {
    id: session.id,
    createdAt: session.createdAt.toISOString(),
    lastUsedAt: session.lastUsedAt.toISOString(),
    userAgent: session.userAgent,
    current: session.id === currentSessionId,
  };
}
