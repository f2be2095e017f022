import type { MessageStreamEvent } from '@backtalk/proto';
import type { Response } from 'express';

/** Answers 200 as a Server-Sent Events stream and sends the headers now (before the first event). */
export function startEventStream(response: Response): void {
  setEventStreamHeaders(response);
  response.flushHeaders();
}

/**
 * Answers 200 as a Server-Sent Events stream; the headers go out with the first write, in the same
 * packet (for a caller that writes an event at once: one socket write a stream fewer).
 */
export function setEventStreamHeaders(response: Response): void {
  response.status(200);
  response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  response.setHeader('Cache-Control', 'no-cache, no-transform');
  response.setHeader('Connection', 'keep-alive');
  response.setHeader('X-Accel-Buffering', 'no');
}

/** What the browser is sent: every reply event but chat-inference's heartbeats. */
export type RelayedStreamEvent = Exclude<MessageStreamEvent, { type: 'heartbeat' }>;

/** One reply event as its Server-Sent Events frame (ChatReplyRelay writes them). */
export function formatEvent(event: RelayedStreamEvent): string {
  switch (event.type) {
    case 'fragment': {
      const { type: _type, ...data } = event;
      return `event: fragment\nid: ${event.id}\ndata: ${JSON.stringify(data)}\n\n`;
    }
    case 'citations':
      return `event: citations\ndata: ${JSON.stringify({ messageId: event.messageId, citations: event.citations })}\n\n`;
    case 'error':
      return `event: error\ndata: ${JSON.stringify({ code: event.code, message: event.message })}\n\n`;
    case 'message':
      return `event: message\ndata: ${JSON.stringify(event.message)}\n\n`;
  }
}
