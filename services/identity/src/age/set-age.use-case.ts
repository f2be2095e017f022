import { Injectable, Logger } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import {
  type AgeBand,
  ErrorCode,
  type ParsedRequestOf,
  type ReplyOf,
  type Subjects,
  checkBirthdate,
} from '@backtalk/proto';
import { GuestRepository } from '../guest/guest.repository';
import { TokenIssuerService } from '../token/token-issuer.service';
import { ageBandOfUser } from '../user/user-age';
import { UserRepository } from '../user/user.repository';
import { IdentityError } from '../identity.errors';

/**
 * The user's age, asked once before their first message (docs/safety.md, "Age"): an account
 * (signed up before the question, or through a sign-in provider) gives its birth date, a guest
 * chooses a band. Under 13 nothing is kept: the birth date is not stored, and a guest is deleted
 * at once. The answer comes back as fresh tokens carrying the band.
 */
@Injectable()
export class SetAge {
  private readonly logger = new Logger(SetAge.name);

  constructor(
    private readonly users: UserRepository,
    private readonly guests: GuestRepository,
    private readonly issuer: TokenIssuerService,
  ) {}

  async execute({
    actor,
    answer,
  }: ParsedRequestOf<typeof Subjects.IdentityAgeSet>): Promise<ReplyOf<typeof Subjects.IdentityAgeSet>> {
    const now = new Date();
    const user = await this.users.findOwn(actor.userId);
    if (!user) throw IdentityError.userNotFound();
    if (ageBandOfUser(user, now) !== null) throw new ServiceError(ErrorCode.AgeAlreadySet);
    const band = user.isGuest ? answer.ageBand : bandOfBirthdate(answer.birthdate, now);
    if (band === undefined) throw new ServiceError(ErrorCode.AgeAnswerMismatch);
    if (band === 'under-13') {
      if (user.isGuest && (await this.guests.deleteNow(user.id, now))) {
        this.logger.log('Deleted a guest who said they are under 13');
      }
      throw new ServiceError(ErrorCode.AgeUnder13);
    }
    if (user.isGuest) {
      if (!(await this.users.confirmGuestAgeBand(user.id, band)))
        throw new ServiceError(ErrorCode.AgeAlreadySet);
      user.confirmedAgeBand = band;
    } else {
      await this.users.setBirthdate(user.id, answer.birthdate!);
      user.attributes = { ...user.attributes, birthdate: answer.birthdate! };
    }
    return { ageBand: band, session: await this.issuer.sessionTokensFor(user, now, actor.sessionId) };
  }
}

/** An account's band from its birth date; undefined when it gave none (a guest's kind of answer). */
function bandOfBirthdate(birthdate: string | undefined, now: Date): AgeBand | 'under-13' | undefined {
  if (birthdate === undefined) return undefined;
  const checked = checkBirthdate(birthdate, now);
  // The contract refused malformed, future and absurd dates already.
  if ('problem' in checked) throw new ServiceError(ErrorCode.AgeAnswerMismatch);
  return checked.ageBand;
}
