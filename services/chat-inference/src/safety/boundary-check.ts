import { BoundaryJudge } from '@backtalk/ai';
import type { Provider } from '@nestjs/common';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { ChatInferenceConfig } from '../chat-inference.config';
import { CHAT_MODEL } from '../persona/persona.tokens';
import type { PersonaBoundary } from './boundary-decline';

/** Judges reply text against boundaries; a failure throws (BoundaryJudge of @backtalk/ai). */
export interface ChatBoundaryJudge {
  crossed(text: string, boundaries: readonly PersonaBoundary[]): Promise<string[]>;
}

/** The chat model as boundary judge, for moderators that know no custom categories. */
export const BOUNDARY_JUDGE = Symbol('backtalk:boundary-judge');

export const boundaryJudgeProvider: Provider = {
  provide: BOUNDARY_JUDGE,
  inject: [CHAT_MODEL, ChatInferenceConfig],
  useFactory: (model: BaseChatModel, config: ChatInferenceConfig): ChatBoundaryJudge =>
    new BoundaryJudge(model, config.BOUNDARY_JUDGE_TIMEOUT_MS),
};

/** Moderators that take the creator's boundaries as custom categories (Llama Guard's S15 on). */
export function moderatorTakesBoundaries(name: string | undefined): boolean {
  return name === 'llama-guard' || name === 'local';
}

/** What the boundary check of one piece of a reply found. */
export interface BoundaryFinding {
  /** Boundaries the piece crosses (ids of the persona's list). */
  crossedIds: string[];
  /** The judge could not tell: the piece is treated as crossing (docs/safety.md, "Creator boundaries"). */
  judgeFailed: boolean;
}

/**
 * The boundaries a piece crosses, from the moderator's verdict (custom categories) and the judge
 * (everything else). A judge that fails counts as a crossing: a reply nobody could check against
 * the creator's boundaries is not shown under the creator's name.
 */
export async function judgeBoundaries(
  judge: ChatBoundaryJudge | null,
  text: string,
  boundaries: readonly PersonaBoundary[],
): Promise<BoundaryFinding> {
  if (!judge || boundaries.length === 0) return { crossedIds: [], judgeFailed: false };
  try {
    return { crossedIds: await judge.crossed(text, boundaries), judgeFailed: false };
  } catch {
    return { crossedIds: [], judgeFailed: true };
  }
}

/** Whether a flagged reply's verdict names boundaries alone: then the creator's decline replaces it, else the safety message. */
export function onlyBoundaries(categories: readonly string[]): boolean {
  return categories.length > 0 && categories.every((category) => category === 'boundary');
}
