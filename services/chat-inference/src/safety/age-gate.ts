import { ServiceError } from '@backtalk/kit';
import {
  type Actor,
  type PersonaGetReply,
  DEFAULT_AUDIENCE_MINIMUM,
  ErrorCode,
  meetsAudienceMinimum,
} from '@backtalk/proto';

/**
 * Whether this fan may send to this persona (docs/safety.md, "Age"): their age band (from the
 * access token) must reach the creator's audience minimum. A fan of unknown band counts as 13–15.
 * The creator's own user may always try their persona.
 */
export function mayChatByAge(
  actor: Pick<Actor, 'userId' | 'ageBand'>,
  persona: Pick<PersonaGetReply, 'userId' | 'audienceMinimum'>,
): boolean {
  if (persona.userId === actor.userId) return true;
  return meetsAudienceMinimum(actor.ageBand, persona.audienceMinimum ?? DEFAULT_AUDIENCE_MINIMUM);
}

/** Refuses a send (before anything is stored or charged) from a fan younger than the persona's audience. */
export function assertOldEnough(
  actor: Pick<Actor, 'userId' | 'ageBand'>,
  persona: Pick<PersonaGetReply, 'userId' | 'audienceMinimum'>,
): void {
  if (!mayChatByAge(actor, persona)) {
    throw new ServiceError(ErrorCode.AudienceMinimumNotMet, undefined, {
      audienceMinimum: persona.audienceMinimum ?? DEFAULT_AUDIENCE_MINIMUM,
    });
  }
}
