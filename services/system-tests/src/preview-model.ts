import type { FakeChatRequest } from '@backtalk/testing';
import { boundaryModel } from './boundary-model';

/** A rule a creator's draft prompt carries in the preview tests. */
export const DRAFT_RULE = 'Always introduce yourself as the draft persona.';
/** What the scripted persona answers when its prompt carries DRAFT_RULE. */
export const DRAFT_REPLY = 'Hi, I am the draft persona!';

/**
 * boundaryModel, except that a persona whose system prompt carries DRAFT_RULE answers
 * DRAFT_REPLY (questions about family aside, so boundaries still show): which prompt answered is
 * visible in the reply.
 */
export function previewModel(request: FakeChatRequest): string {
  const system = request.messages.find((message) => message.role === 'system')?.content ?? '';
  const question = request.messages.at(-1)?.content ?? '';
  const judging = question.startsWith('You check one reply');
  return !judging && system.includes(DRAFT_RULE) && !/famil|mom|dad/i.test(question)
    ? DRAFT_REPLY
    : boundaryModel()(request);
}
