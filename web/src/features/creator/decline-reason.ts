import type { BoundaryPreview } from '../../api';

/**
 * Why the persona declined, for the creator's own previews only (a fan never sees it):
 * the topic the reply crossed, or that the boundary check could not run — then the reply counts
 * as crossing, naming the creator's only topic when there is one (docs/safety.md, "When the judge
 * fails"). Null: no reason to give.
 */
export function declineReason({
  topic,
  checkFailed,
}: Pick<BoundaryPreview, 'topic' | 'checkFailed'>): string | null {
  if (checkFailed)
    return topic
      ? `the boundary check could not run, so it counts as crossing “${topic}”`
      : 'the boundary check could not run';
  return topic ? `crosses “${topic}”` : null;
}
