import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ForbiddenError, NotFoundError } from '@backtalk/kit';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { PasskeySignIn } from './passkey-sign-in.use-case';
import { toPasskeySummary } from './passkey.mapper';
import { PasskeyRepository } from './passkey.repository';
import { RegisterPasskey } from './register-passkey.use-case';

@Controller()
export class PasskeyController {
  constructor(
    private readonly register: RegisterPasskey,
    private readonly signIn: PasskeySignIn,
    private readonly passkeys: PasskeyRepository,
  ) {}

  @MessagePattern(Subjects.IdentityPasskeyRegisterOptions)
  registrationOptions(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityPasskeyRegisterOptions>,
  ): Promise<ReplyOf<typeof Subjects.IdentityPasskeyRegisterOptions>> {
    return this.register.options(request);
  }

  @MessagePattern(Subjects.IdentityPasskeyRegisterVerify)
  registrationVerify(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityPasskeyRegisterVerify>,
  ): Promise<ReplyOf<typeof Subjects.IdentityPasskeyRegisterVerify>> {
    return this.register.verify(request);
  }

  @MessagePattern(Subjects.IdentityPasskeyAuthenticateOptions)
  authenticationOptions(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityPasskeyAuthenticateOptions>,
  ): Promise<ReplyOf<typeof Subjects.IdentityPasskeyAuthenticateOptions>> {
    return this.signIn.options(request);
  }

  @MessagePattern(Subjects.IdentityPasskeyAuthenticateVerify)
  authenticationVerify(
    @Payload() request: ParsedRequestOf<typeof Subjects.IdentityPasskeyAuthenticateVerify>,
  ): Promise<ReplyOf<typeof Subjects.IdentityPasskeyAuthenticateVerify>> {
    return this.signIn.verify(request);
  }

  /** The actor's own passkeys, newest first. */
  @MessagePattern(Subjects.IdentityPasskeyList)
  async list(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.IdentityPasskeyList>,
  ): Promise<ReplyOf<typeof Subjects.IdentityPasskeyList>> {
    if (actor.userType === 'guest') throw new ForbiddenError('Sign in to see your passkeys.');
    return { passkeys: (await this.passkeys.listOwn(actor.userId)).map(toPasskeySummary) };
  }

  /** Deletes one of the actor's own passkeys; any other id (another user's included) is not found. */
  @MessagePattern(Subjects.IdentityPasskeyDelete)
  async remove(
    @Payload() { actor, passkeyId }: ParsedRequestOf<typeof Subjects.IdentityPasskeyDelete>,
  ): Promise<ReplyOf<typeof Subjects.IdentityPasskeyDelete>> {
    if (actor.userType === 'guest') throw new ForbiddenError('Sign in to manage your passkeys.');
    if (!(await this.passkeys.deleteOwn(actor.userId, passkeyId))) {
      throw new NotFoundError('This passkey was not found among yours.');
    }
    return { deleted: true };
  }
}
