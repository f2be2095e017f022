import { Injectable, Logger } from '@nestjs/common';
import { ForbiddenError, NotFoundError, ServiceError } from '@backtalk/kit';
import { type Actor, ErrorCode, type ParsedRequestOf, type ReplyOf, type Subjects } from '@backtalk/proto';
import { type RegistrationResponseJSON } from '@simplewebauthn/server';
import { loadWebAuthn } from './webauthn.loader';
import { IdentityConfig } from '../identity.config';
import type { UserEntity } from '../user/user.entity';
import { UserRepository } from '../user/user.repository';
import { challengeOfClientData } from './client-data';
import { PasskeyChallengeRepository } from './passkey-challenge.repository';
import { publicKeyDescriptors, toPasskeySummary } from './passkey.mapper';
import { PasskeyRepository } from './passkey.repository';
import { RELYING_PARTY_NAME, RelyingParty } from './relying-party';

/** Transports WebAuthn defines; others a browser reports are not kept. */
const KNOWN_TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/**
 * A signed-in account registers a passkey: options (a discoverable credential with user
 * verification, the account's existing passkeys excluded so an authenticator holding one says
 * so), then the authenticator's answer verified against them and stored.
 */
@Injectable()
export class RegisterPasskey {
  private readonly logger = new Logger(RegisterPasskey.name);

  constructor(
    private readonly users: UserRepository,
    private readonly passkeys: PasskeyRepository,
    private readonly challenges: PasskeyChallengeRepository,
    private readonly relyingParty: RelyingParty,
    private readonly config: IdentityConfig,
  ) {}

  async options({
    actor,
    loopbackOrigin,
  }: ParsedRequestOf<typeof Subjects.IdentityPasskeyRegisterOptions>): Promise<
    ReplyOf<typeof Subjects.IdentityPasskeyRegisterOptions>
  > {
    const rp = this.relyingParty.require(loopbackOrigin);
    const user = await this.ownAccount(actor);
    const existing = await this.passkeys.listOwn(user.id);
    const ttl = this.config.PASSKEY_CHALLENGE_TTL_SECONDS;
    const options = await (
      await loadWebAuthn()
    ).generateRegistrationOptions({
      rpName: RELYING_PARTY_NAME,
      rpID: rp.rpId,
      userName: user.email!,
      userDisplayName: user.email!,
      userID: new TextEncoder().encode(user.id),
      timeout: (ttl * 1000) / 2,
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports,
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.challenges.add(options.challenge, 'registration', user.id, new Date(), ttl);
    return {
      options: {
        ...options,
        excludeCredentials: publicKeyDescriptors(options.excludeCredentials),
        extensions: options.extensions as Record<string, unknown> | undefined,
      },
    };
  }

  async verify({
    actor,
    loopbackOrigin,
    response,
    name,
  }: ParsedRequestOf<typeof Subjects.IdentityPasskeyRegisterVerify>): Promise<
    ReplyOf<typeof Subjects.IdentityPasskeyRegisterVerify>
  > {
    const rp = this.relyingParty.require(loopbackOrigin);
    const user = await this.ownAccount(actor);
    const challenge = challengeOfClientData(response.response.clientDataJSON);
    if (!challenge) throw new ServiceError(ErrorCode.PasskeyVerificationFailed);
    if (!(await this.challenges.consume(challenge, 'registration', user.id, new Date()))) {
      throw new ServiceError(ErrorCode.PasskeyChallengeExpired);
    }
    const verification = await (
      await loadWebAuthn()
    )
      .verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpId,
        requireUserVerification: true,
      })
      .catch((error: unknown) => {
        this.logger.log(`Passkey registration refused: ${(error as Error).message}`);
        return null;
      });
    if (!verification?.verified) throw new ServiceError(ErrorCode.PasskeyVerificationFailed);
    const { credential, credentialBackedUp } = verification.registrationInfo;
    const stored = await this.passkeys.add({
      credentialId: credential.id,
      userId: user.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? []).filter((transport) => KNOWN_TRANSPORTS.has(transport)),
      name: name ?? 'Passkey',
      backedUp: credentialBackedUp,
    });
    if (!stored) throw new ServiceError(ErrorCode.PasskeyAlreadyRegistered);
    return { passkey: toPasskeySummary(stored) };
  }

  private async ownAccount(actor: Actor): Promise<UserEntity> {
    if (actor.userType === 'guest') throw new ForbiddenError('Sign in to register a passkey.');
    const user = await this.users.findOwn(actor.userId);
    if (!user?.email || user.isGuest) throw new NotFoundError('User not found');
    return user;
  }
}
