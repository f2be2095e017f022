import type { Actor } from '@backtalk/proto';

export type UserType = Actor['userType'];

/**
 * Spec §2: "A session whose login id equals its username is treated as a
 * guest." A guest signs in as its own id; a registered user's username is
 * their email.
 */
export function userTypeOf(user: { id: string; username: string }): UserType {
  return user.username === user.id ? 'guest' : 'authenticated';
}
