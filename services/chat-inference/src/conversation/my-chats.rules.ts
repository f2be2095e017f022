/**
 * "My chats" (issue 24 item 1; docs/chat.md): how a conversation is named and previewed, and how a
 * fan's search is matched. Pure, so the rules are tested as tables (my-chats.rules.spec.ts).
 */

/** A conversation's default title, from the fan's first message. */
const TITLE_PREVIEW_LENGTH = 60;
/** The last message shown under a conversation in /chats. */
export const LAST_MESSAGE_PREVIEW_LENGTH = 120;
/** A search hit's text around the match. */
const SNIPPET_LENGTH = 160;

/**
 * Text on one line, at most `max` characters: whitespace runs become one space, and a longer text
 * is cut at the last word boundary that fits (or mid-word when there is none) and ends with '…'.
 */
export function preview(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  // The cut ends a word when a space follows it; else back to the last space (if not too far back).
  const space = flat[max - 1] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The fan's name for the conversation, else their first message trimmed, else '' (the web shows the creator). */
export function conversationTitle(name: string, firstFanMessage: string | null): string {
  if (name.trim()) return name.trim();
  return firstFanMessage ? preview(firstFanMessage, TITLE_PREVIEW_LENGTH) : '';
}

/** An ILIKE pattern matching `query` anywhere, its `%`, `_` and `\` taken literally (ESCAPE '\'). */
export function containsPattern(query: string): string {
  return `%${query.trim().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The part of `text` around the first case-insensitive match of `query`, at most `max` characters,
 * with '…' where it was cut; the beginning when the match is not in this text.
 */
export function snippetAround(text: string, query: string, max = SNIPPET_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const at = flat.toLowerCase().indexOf(query.trim().toLowerCase());
  if (flat.length <= max || at < 0) return preview(flat, max);
  const start = Math.max(0, Math.min(at - Math.floor((max - query.length) / 2), flat.length - max));
  const end = Math.min(flat.length, start + max);
  return `${start > 0 ? '…' : ''}${flat.slice(start + (start > 0 ? 1 : 0), end - (end < flat.length ? 1 : 0))}${end < flat.length ? '…' : ''}`;
}
