/**
 * The rules of in-person replies (issue 23 item 5, docs/architecture.md "Inbox"), pure so a table
 * of cases covers them (inbox-rules.spec.ts).
 */

/** What decides whether a creator's user may read one fan's conversation. */
export interface ReadRequest {
  /** The caller is the user behind the creator they ask about. */
  callerOwnsPersona: boolean;
  /** The conversation is with that creator. */
  conversationIsWithCreator: boolean;
  /** The fan allows the creator to read it, now. */
  fanAllows: boolean;
}

/**
 * Only the persona's own creator, only their fans' conversations, only while the fan allows it.
 * Admins get no exception: a fan's consent is to the creator, not to the platform's staff.
 */
export function mayCreatorRead(request: ReadRequest): boolean {
  return request.callerOwnsPersona && request.conversationIsWithCreator && request.fanAllows;
}

/** A chat counts as open while its watch was seen this recently (a watch refreshes itself well within it). */
export const WATCH_FRESH_MS = 45_000;

export function isWatchFresh(seenAt: Date, now: Date): boolean {
  return now.getTime() - seenAt.getTime() < WATCH_FRESH_MS;
}

/** Who is emailed about an in-person reply: a fan with an email whose chat is not open. */
export function emailDue(fan: { watching: boolean; isGuest: boolean }): boolean {
  return !fan.watching && !fan.isGuest;
}

/**
 * How the inbox names a fan: never their name, email or id (chat-inference does not hold the first
 * two and the creator need not learn the third), but a stable label of the conversation.
 */
export function fanLabel(conversationId: string): string {
  return `Fan ${conversationId.replace(/-/g, '').slice(0, 6).toUpperCase()}`;
}

export const PREVIEW_MAX_LENGTH = 120;

/** The newest message's text as the inbox list shows it: one line, cut with an ellipsis. */
export function previewOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= PREVIEW_MAX_LENGTH ? line : `${line.slice(0, PREVIEW_MAX_LENGTH - 1).trimEnd()}…`;
}
