/**
 * Where a reply's unchecked text may be cut into a piece for the moderator (docs/safety.md,
 * "Moderation in the chat"): after a sentence — `.`, `!`, `?` or `…` (and any closing quotes or
 * brackets) at the end of the text so far or before a space, or a line break — else, once the
 * text is `maxChars` long, after its last space; else nowhere yet (-1). `force` (the hold-back
 * has run out, the reply has ended) cuts after the last space, or everything when `final`.
 * Returns the length of the piece to cut from the front of `text`.
 */
export function segmentEnd(
  text: string,
  options: { maxChars: number; force?: boolean; final?: boolean },
): number {
  if (options.final) return text.length;
  let end = -1;
  SENTENCE_END.lastIndex = 0;
  for (let match = SENTENCE_END.exec(text); match; match = SENTENCE_END.exec(text)) {
    end = match.index + match[0].length;
  }
  if (end > 0) return end;
  if (options.force || text.length >= options.maxChars) {
    const space = lastSpace(text);
    if (space > 0) return space;
    // One word longer than the limit: cut it, so a reply without spaces is still checked and shown.
    if (text.length >= options.maxChars) return options.maxChars;
  }
  return -1;
}

/** A sentence's end: its mark (with closing quotes or brackets), then a space or the end; or a line break. */
const SENTENCE_END = /[.!?…]+["'”’)\]]*(?:\s+|$)|\n+/g;

function lastSpace(text: string): number {
  for (let i = text.length - 1; i > 0; i -= 1) if (/\s/.test(text[i]!)) return i + 1;
  return -1;
}
