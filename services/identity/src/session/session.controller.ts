import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { NotFoundError } from '@backtalk/kit';
import { IdentityError } from '../identity.errors';
import { UserRepository } from '../user/user.repository';
import { AuthSessionRepository } from './auth-session.repository';
import { toSession, toUserSession } from './session.mapper';

@Controller()
export class SessionController {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: AuthSessionRepository,
  ) {}

  /** The caller's own session, read fresh (groups and creator status may have changed since the token). */
  @MessagePattern(Subjects.IdentitySessionGet)
  async get(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.IdentitySessionGet>,
  ): Promise<ReplyOf<typeof Subjects.IdentitySessionGet>> {
    const user = await this.users.findOwn(actor.userId);
    if (!user) throw IdentityError.userNotFound();
    return toSession(user);
  }

  /** The actor's own live sessions; `current` is the one its access token belongs to. */
  @MessagePattern(Subjects.IdentitySessionList)
  async list(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.IdentitySessionList>,
  ): Promise<ReplyOf<typeof Subjects.IdentitySessionList>> {
    const sessions = await this.sessions.listActive(actor.userId, new Date());
    return { sessions: sessions.map((session) => toUserSession(session, actor.sessionId)) };
  }

  /** Signs out one of the actor's own sessions; any other id (another user's included) is not found. */
  @MessagePattern(Subjects.IdentitySessionRevoke)
  async revoke(
    @Payload() { actor, sessionId }: ParsedRequestOf<typeof Subjects.IdentitySessionRevoke>,
  ): Promise<ReplyOf<typeof Subjects.IdentitySessionRevoke>> {
    if (!(await this.sessions.revoke(actor.userId, sessionId, new Date()))) {
      throw new NotFoundError('This session was not found among yours, or has already ended.');
    }
    return { revoked: true };
  }

  /** 'Sign out everywhere': every session of the actor, this one included. */
  @MessagePattern(Subjects.IdentitySessionRevokeAll)
  async revokeAll(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.IdentitySessionRevokeAll>,
  ): Promise<ReplyOf<typeof Subjects.IdentitySessionRevokeAll>> {
    return { revoked: await this.sessions.revokeAll(actor.userId, new Date()) };
  }
}
