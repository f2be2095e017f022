import { Injectable, Logger } from '@nestjs/common';
import { ServiceClient, ServiceError } from '@backtalk/kit';
import { type Actor, ErrorCode, Subjects } from '@backtalk/proto';

/** How long an answer is trusted: a session signed out elsewhere stops working within this. */
const CHECK_TTL_MS = 10_000;
/** Sessions remembered at most (the oldest answers are dropped first). */
const MAX_ENTRIES = 50_000;

/**
 * Access tokens are self-contained JWTs; without this a signed-out session's
 * access token would work until it expired (ASVS 7.4.1). Before trusting a
 * token that names its session (`sid`), the gateway asks identity whether the
 * session is still live, remembering the answer for 10 s per session, so an
 * active user costs one request to identity per 10 s, not one per call.
 * Signing out through this gateway forgets the answer at once. If identity
 * cannot answer, the token is trusted as before (an identity outage must not
 * stop chats already signed in); the failure is logged.
 */
@Injectable()
export class SessionLiveness {
  private readonly logger = new Logger(SessionLiveness.name);
  private readonly answers = new Map<string, { live: boolean; at: number }>();

  constructor(private readonly client: ServiceClient) {}

  async assertLive(actor: Actor): Promise<void> {
    if (!actor.sessionId) return;
    const key = `${actor.userId}:${actor.sessionId}`;
    const known = this.answers.get(key);
    const live =
      known && Date.now() - known.at < CHECK_TTL_MS
        ? known.live
        : await this.ask(key, actor.userId, actor.sessionId);
    if (!live)
      throw new ServiceError(ErrorCode.Unauthorized, 'This session has been signed out; sign in again.');
  }

  /** The session was signed out through this gateway: its tokens stop here at once. */
  forget(actor: Pick<Actor, 'userId'>, sessionId?: string): void {
    if (sessionId) this.answers.set(`${actor.userId}:${sessionId}`, { live: false, at: Date.now() });
    else
      for (const key of this.answers.keys()) if (key.startsWith(`${actor.userId}:`)) this.answers.delete(key);
  }

  private async ask(key: string, userId: string, sessionId: string): Promise<boolean> {
    try {
      const { live } = await this.client.request(Subjects.IdentitySessionCheck, { userId, sessionId });
      this.answers.delete(key);
      this.answers.set(key, { live, at: Date.now() });
      if (this.answers.size > MAX_ENTRIES) this.answers.delete(this.answers.keys().next().value!);
      return live;
    } catch (error) {
      this.logger.warn(
        `Could not check session ${sessionId}; trusting its token: ${(error as Error).message}`,
      );
      return true;
    }
  }
}
