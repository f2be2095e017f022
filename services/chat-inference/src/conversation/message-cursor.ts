import type { MessagePosition } from './message.repository';

const VERSION = 'm1:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The opaque `nextCursor` of a message page: the oldest message it holds. Opaque
 * and versioned so the position can change shape without breaking clients.
 */
export function encodeMessageCursor(position: MessagePosition): string {
  return Buffer.from(`${VERSION}${position.id}`, 'utf8').toString('base64url');
}

/** Null when the text is not a cursor this service issued. */
export function decodeMessageCursor(cursor: string): MessagePosition | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(VERSION)) return null;
  const id = text.slice(VERSION.length);
  return UUID.test(id) ? { id: id.toLowerCase() } : null;
}
