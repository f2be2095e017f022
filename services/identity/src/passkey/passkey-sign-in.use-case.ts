import { Injectable, Logger } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import {
  type AuthFlowReply,
  ErrorCode,
  type ParsedRequestOf,
  type ReplyOf,
  type Subjects,
} from '@backtalk/proto';
import { type AuthenticationResponseJSON, type WebAuthnCredential } from '@simplewebauthn/server';
import { loadWebAuthn } from './webauthn.loader';
import { BruteForceGuard } from '../brute-force/brute-force.guard';
import { IdentityConfig } from '../identity.config';
import { CompleteSignIn } from '../sign-in/complete-sign-in.use-case';
import { UserRepository } from '../user/user.repository';
import { challengeOfClientData } from './client-data';
import { PasskeyChallengeRepository } from './passkey-challenge.repository';
import { publicKeyDescriptors } from './passkey.mapper';
import { PasskeyRepository } from './passkey.repository';
import { RelyingParty } from './relying-party';

/**
 * Sign-in with a passkey: options without a user (the authenticator offers the site's
 * discoverable credentials), then the assertion verified against the stored public key and
 * counter, with user verification required — so a passkey is a multi-factor sign-in of its own
 * and stands in for password and second factor. The session is issued by CompleteSignIn, as for
 * a password sign-in. Refused answers count against the client address like wrong codes.
 */
@Injectable()
export class PasskeySignIn {
  private readonly logger = new Logger(PasskeySignIn.name);

  constructor(
    private readonly users: UserRepository,
    private readonly passkeys: PasskeyRepository,
    private readonly challenges: PasskeyChallengeRepository,
    private readonly relyingParty: RelyingParty,
    private readonly limits: BruteForceGuard,
    private readonly complete: CompleteSignIn,
    private readonly config: IdentityConfig,
  ) {}

  async options({
    loopbackOrigin,
  }: ParsedRequestOf<typeof Subjects.IdentityPasskeyAuthenticateOptions>): Promise<
    ReplyOf<typeof Subjects.IdentityPasskeyAuthenticateOptions>
  > {
    const rp = this.relyingParty.require(loopbackOrigin);
    const ttl = this.config.PASSKEY_CHALLENGE_TTL_SECONDS;
    const options = await (
      await loadWebAuthn()
    ).generateAuthenticationOptions({
      rpID: rp.rpId,
      userVerification: 'required',
      timeout: (ttl * 1000) / 2,
    });
    await this.challenges.add(options.challenge, 'authentication', null, new Date(), ttl);
    return {
      options: {
        ...options,
        allowCredentials: publicKeyDescriptors(options.allowCredentials),
        extensions: options.extensions as Record<string, unknown> | undefined,
      },
    };
  }

  async verify({
    client,
    guestUserId,
    loopbackOrigin,
    response,
  }: ParsedRequestOf<typeof Subjects.IdentityPasskeyAuthenticateVerify>): Promise<AuthFlowReply> {
    const rp = this.relyingParty.require(loopbackOrigin);
    await this.limits.assertMayTryCode(client.ip);
    const refuse = async (code: ErrorCode, reason: string): Promise<never> => {
      this.logger.log(`Passkey sign-in refused: ${reason}`);
      await this.limits.recordCodeFailure(client.ip);
      throw new ServiceError(code);
    };
    const now = new Date();
    const challenge = challengeOfClientData(response.response.clientDataJSON);
    if (!challenge) return refuse(ErrorCode.PasskeyVerificationFailed, 'unreadable client data');
    if (!(await this.challenges.consume(challenge, 'authentication', null, now))) {
      return refuse(ErrorCode.PasskeyChallengeExpired, 'a challenge not given out, used or expired');
    }
    const passkey = await this.passkeys.findByCredentialId(response.id);
    const user = passkey ? await this.users.findOwn(passkey.userId) : null;
    if (!passkey || !user || user.isGuest)
      return refuse(ErrorCode.PasskeyVerificationFailed, 'unknown passkey');
    const userHandle = response.response.userHandle;
    if (userHandle && Buffer.from(userHandle, 'base64url').toString('utf8') !== user.id) {
      return refuse(ErrorCode.PasskeyVerificationFailed, 'user handle of another account');
    }
    const verification = await (
      await loadWebAuthn()
    )
      .verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports as WebAuthnCredential['transports'],
        },
        requireUserVerification: true,
      })
      .catch((error: unknown) => ({ verified: false as const, error: error as Error }));
    if (!verification.verified || !('authenticationInfo' in verification)) {
      return refuse(
        ErrorCode.PasskeyVerificationFailed,
        'error' in verification ? verification.error.message : 'not verified',
      );
    }
    const { newCounter, credentialBackedUp } = verification.authenticationInfo;
    await this.passkeys.recordUse(passkey.id, newCounter, credentialBackedUp, now);
    return this.complete.execute(user, { client, ...(guestUserId ? { guestUserId } : {}) });
  }
}
