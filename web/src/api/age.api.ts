import { api, bodyOf } from './client';
import type { components } from './schema';

type Schemas = components['schemas'];
export type AgeAnswer = Schemas['AgeSetBody'];
export type AgeSetReply = Schemas['AgeSetResponse'];
export type AudienceMinimumReply = Schemas['AudienceSetResponse'];

/**
 * The user's age, asked once before the first message (docs/safety.md, "Age"): an account's birth
 * date or a guest's band. Answers tokens that carry the band; under 13 is a 403 AGE_UNDER_13.
 */
export async function setAge(answer: AgeAnswer): Promise<AgeSetReply> {
  return bodyOf(await api.PUT('/api/auth/age', { body: answer }));
}

/** The creator chooses the youngest fans their chat is for (13+, 16+ or 18+). */
export async function setAudienceMinimum(
  creatorId: string,
  audienceMinimum: AudienceMinimumReply['audienceMinimum'],
): Promise<AudienceMinimumReply> {
  return bodyOf(
    await api.PUT('/api/creators/{creatorId}/audience', {
      params: { path: { creatorId } },
      body: { audienceMinimum },
    }),
  );
}
