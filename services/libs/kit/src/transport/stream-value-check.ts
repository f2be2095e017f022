import { type Subject, Subjects } from '@backtalk/proto';

/** A fragment id: `<messageId>#<seq>` (streamFragmentSchema's pattern). */
const FRAGMENT_ID = /^[0-9a-f-]{36}#\d+$/;

/**
 * A reply stream's plain fragment — `{ type: 'fragment', text, id }` and nothing else — told
 * without the schema: what streamFragmentSchema accepts and returns unchanged, checked by hand
 * (stream-value-check.spec.ts holds the two side by side). Anything else goes to the schema.
 */
export function isPlainFragment(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as { type?: unknown; text?: unknown; id?: unknown };
  let keys = 0;
  for (const key in fields) if (Object.hasOwn(fields, key)) keys++;
  return (
    keys === 3 &&
    fields.type === 'fragment' &&
    typeof fields.text === 'string' &&
    typeof fields.id === 'string' &&
    FRAGMENT_ID.test(fields.id)
  );
}

/**
 * For a streamed reply's values between its first and its last: a check that stands for the
 * reply schema when it passes (issue 25 item 2, "contracts checked where they matter"). The first
 * and the last value of every stream, and any value it does not pass, are parsed by the schema,
 * so a malformed fragment still fails the call with the schema's words.
 */
export const quickStreamChecks: Partial<Record<Subject, (value: unknown) => boolean>> = {
  [Subjects.ChatMessageSend]: isPlainFragment,
  [Subjects.ChatMessageAttach]: isPlainFragment,
};
