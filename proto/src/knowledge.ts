/**
 * What the persona may know (docs/creators.md, "Knowledge"): corrected answers, notes and post
 * exclusions a creator sets on /creator/knowledge. Plain constants, shared by creators,
 * ingestion, chat-inference and the page's forms.
 */

/** Longest question a corrected answer answers. */
export const CORRECTED_QUESTION_MAX_LENGTH = 500;
/** Longest corrected answer (quoted word for word, so it stays a reply's length). */
export const CORRECTED_ANSWER_MAX_LENGTH = 2000;
/** Most corrected answers one creator keeps. */
export const CORRECTED_ANSWER_MAX_COUNT = 200;
/** Longest note title. */
export const NOTE_TITLE_MAX_LENGTH = 120;
/** Longest note text (FAQs, facts, links). */
export const NOTE_TEXT_MAX_LENGTH = 5000;
/** Most notes one creator keeps. */
export const NOTE_MAX_COUNT = 100;
