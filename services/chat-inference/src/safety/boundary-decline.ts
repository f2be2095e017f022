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

/** What replaces a reply that crossed only boundaries, and what the creator's previews say of it. */
export interface BoundaryDecline {
  /** What the fan sees: a decline, never the topic note. */
  text: string;
  /** The topic it is attributed to, for the creator's previews only; null: none. */
  topic: string | null;
  /** The boundary check could not run (the judge failed): declined as a precaution. */
  checkFailed: boolean;
}

/**
 * The decline for a reply stopped at the creator's boundaries (docs/safety.md, "When the judge
 * fails"). Crossed topics named: `declineFor` and `crossedTopic`. None named — only a judge that
 * failed stops a reply that way — the check could not run: with one topic the reply is attributed
 * to it (its decline, or the default), since that is the only topic it can have crossed; with
 * several, the default decline and no topic, since picking one topic's decline would tell the fan
 * about a topic the question may not touch.
 */
export function boundaryDecline(
  crossedIds: readonly string[],
  boundaries: readonly PersonaBoundary[],
): BoundaryDecline {
  const topic = crossedTopic(crossedIds, boundaries);
  if (topic !== null) return { text: declineFor(crossedIds, boundaries), topic, checkFailed: false };
  const only = boundaries.length === 1 ? boundaries[0] : undefined;
  if (!only) return { text: DEFAULT_BOUNDARY_DECLINE, topic: null, checkFailed: true };
  return { text: declineFor([only.id], boundaries), topic: only.topic, checkFailed: true };
}
