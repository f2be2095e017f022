import type { PreviewAnswer, PreviewQuestion } from '../../../api';

export type PreviewVersion = PreviewAnswer['version'];

/** One question and the answer of one version. */
export interface PreviewTurn {
  question: string;
  answer: PreviewAnswer;
}

/** Most earlier turns sent with a question (the server's PREVIEW_HISTORY_MAX_TURNS). */
export const PREVIEW_HISTORY_MAX_TURNS = 12;

/** The draft always; the published version beside it when comparing. */
export function versionsToAsk(sideBySide: boolean): PreviewVersion[] {
  return sideBySide ? ['draft', 'published'] : ['draft'];
}

/**
 * The earlier turns of one version's chat, as the server takes them: that version's own
 * answers only (the other version's never reach it), newest last, at most the server's bound.
 */
export function previewHistory(
  turns: readonly PreviewTurn[],
  version: PreviewVersion,
): PreviewQuestion['history'] {
  const history = turns
    .filter((turn) => turn.answer.version === version)
    .flatMap((turn) => [
      { role: 'fan' as const, text: turn.question },
      { role: 'persona' as const, text: turn.answer.text },
    ]);
  return history.slice(-PREVIEW_HISTORY_MAX_TURNS);
}
