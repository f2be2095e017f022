import { DEFAULT_BOUNDARY_DECLINE } from '@backtalk/proto';

/** A boundary as the chat uses it: the topic for the prompt and the checks, the decline for the fan. */
export interface PersonaBoundary {
  id: string;
  topic: string;
  /** Null: the default decline. */
  decline: string | null;
}

/**
 * What replaces a reply that crosses boundaries (docs/safety.md, "Creator boundaries"): the
 * decline of the first crossed boundary in the creator's order that has one, else the default
 * decline. Crossed ids the list does not know (a judge that failed crosses none by name) get the
 * default.
 */
export function declineFor(crossedIds: readonly string[], boundaries: readonly PersonaBoundary[]): string {
  const crossed = new Set(crossedIds);
  return (
    boundaries.find((boundary) => crossed.has(boundary.id) && boundary.decline?.trim())?.decline?.trim() ??
    DEFAULT_BOUNDARY_DECLINE
  );
}

/** The topic a decline is for (the first crossed in the creator's order), or null. */
export function crossedTopic(
  crossedIds: readonly string[],
  boundaries: readonly PersonaBoundary[],
): string | null {
  const crossed = new Set(crossedIds);
  return boundaries.find((boundary) => crossed.has(boundary.id))?.topic ?? null;
}
