import {
  type ServiceClient,
  type ServiceError,
  type StreamCall,
  type StreamSink,
  renderError,
  sseStreamsOpen,
} from '@backtalk/kit';
import { type Actor, type ConversationEvent, REPLY_LIVENESS_MS, Subjects } from '@backtalk/proto';
import type { Response } from 'express';
import { startEventStream } from '../chat/sse-stream';

/** chat-inference heartbeats every 5 s; every third is written as a comment so proxies keep the stream open. */
const KEEP_ALIVE_EVERY = 3;

/** What the browser is sent: every conversation event but the services' heartbeats. */
function formatConversationEvent(event: Exclude<ConversationEvent, { type: 'heartbeat' }>): string {
  switch (event.type) {
    case 'message':
      return `event: message\ndata: ${JSON.stringify(event.message)}\n\n`;
    case 'in-person':
      return `event: in-person\ndata: ${JSON.stringify({ inPerson: event.inPerson })}\n\n`;
  }
}

/**
 * Relays a fan's conversation events (an in-person reply; docs/architecture.md "Inbox") as
 * Server-Sent Events for as long as the browser keeps the request open. chat-inference ends each
 * watch after a minute (WATCH_MS) and this opens the next at once, on whichever replica answers; a
 * replica that dies is noticed by its missing heartbeats (REPLY_LIVENESS_MS) and the stream ends
 * with an error event, and the browser reconnects and reloads what it missed.
 *
 * Nothing is written before the first watch answers, so an unknown or another fan's conversation
 * is a plain 404.
 */
export class ConversationEventsRelay implements StreamSink<ConversationEvent> {
  private call: StreamCall | undefined;
  private started = false;
  private finished = false;
  private beats = 0;

  constructor(
    private readonly client: ServiceClient,
    private readonly response: Response,
    private readonly actor: Actor,
    private readonly conversationId: string,
  ) {
    response.once('close', () => this.finish());
  }

  open(): void {
    if (this.finished) return;
    this.call = this.client.open(
      Subjects.ChatConversationWatch,
      { actor: this.actor, conversationId: this.conversationId },
      this,
      { firstMs: REPLY_LIVENESS_MS, eachMs: REPLY_LIVENESS_MS },
    );
  }

  next(event: ConversationEvent): void {
    if (this.finished) return;
    if (!this.started) this.start();
    if (event.type === 'heartbeat') {
      if (++this.beats % KEEP_ALIVE_EVERY === 0) this.response.write(': keep-alive\n\n');
      return;
    }
    this.response.write(formatConversationEvent(event));
  }

  error(error: ServiceError): void {
    if (this.finished) return;
    const { status, body } = renderError(error);
    if (!this.started) this.response.status(status).json(body);
    else
      this.response.write(
        `event: error\ndata: ${JSON.stringify({ code: body.code, message: body.message })}\n\n`,
      );
    this.finish();
  }

  /** One watch ended (its minute is up): the next one continues the same stream. */
  complete(): void {
    this.open();
  }

  private start(): void {
    this.started = true;
    sseStreamsOpen.inc({ service: 'gateway', stream: 'conversation-events' });
    startEventStream(this.response);
    // Reconnect soon after a lost connection (EventSource and the web's reader honour it).
    this.response.write('retry: 2000\n\n');
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.call?.cancel();
    if (this.started) sseStreamsOpen.dec({ service: 'gateway', stream: 'conversation-events' });
    if (!this.response.writableEnded) this.response.end();
  }
}
