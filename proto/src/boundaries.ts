/**
 * Creator boundaries (docs/safety.md, "Creator boundaries"): topics a creator's persona must not
 * discuss, each with an optional sentence that declines it. Plain constants, shared by the
 * creators service, chat-inference and the /creator/tools form.
 */

/** Most topics one creator lists. */
export const BOUNDARY_MAX_COUNT = 20;
/** Longest topic ("my family", "medical advice"). */
export const BOUNDARY_TOPIC_MAX_LENGTH = 100;
/** Longest decline sentence. */
export const BOUNDARY_DECLINE_MAX_LENGTH = 300;
/** Longest fan question the preview takes. */
export const BOUNDARY_PREVIEW_QUESTION_MAX_LENGTH = 1000;

/**
 * What the persona says when a reply crosses a boundary the creator wrote no decline for. It
 * names no topic on purpose: "I don't talk about my divorce" would tell the fan what the
 * creator keeps private.
 */
export const DEFAULT_BOUNDARY_DECLINE =
  "That's something I don't talk about here. Ask me about something else!";
