import { chatStreamsActive, renderError, ServiceError, sseStreamsOpen } from '@backtalk/kit';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import type { RelayedStreamEvent } from './reply-liveness';

const HEARTBEAT_MS = 15_000;

/**
 * Relays a reply stream to the browser as Server-Sent Events. Nothing is
 * written until the first event arrives, so an error before it (rate limit,
 * unknown conversation, service down) is a plain HTTP error with its status.
 * If the browser goes away the relay stops at once (subscription, heartbeat,
 * the open-stream gauge), but the reply is still generated and stored by chat-inference.
 */
export function relayAsServerSentEvents(
  events$: Observable<RelayedStreamEvent>,
  response: Response,
): Promise<void> {
  return new Promise((resolve) => {
    let started = false;
    let heartbeat: NodeJS.Timeout | undefined;
    const start = (): void => {
      started = true;
      chatStreamsActive.inc({ service: 'gateway' });
      sseStreamsOpen.inc({ service: 'gateway', stream: 'chat' });
      response.status(200);
      response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      response.setHeader('Cache-Control', 'no-cache, no-transform');
      response.setHeader('Connection', 'keep-alive');
      response.setHeader('X-Accel-Buffering', 'no');
      response.flushHeaders();
      heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
    };
    const finish = (): void => {
      if (heartbeat) clearInterval(heartbeat);
      if (started) {
        chatStreamsActive.dec({ service: 'gateway' });
        sseStreamsOpen.dec({ service: 'gateway', stream: 'chat' });
      }
      if (!response.writableEnded) response.end();
      resolve();
    };
    const subscription = events$.subscribe({
      next: (event) => {
        if (!started) start();
        response.write(formatEvent(event));
      },
      error: (error: unknown) => {
        const { status, body } = renderError(ServiceError.from(error));
        if (!started) response.status(status).json(body);
        else response.write(formatEvent({ type: 'error', code: body.code, message: body.message }));
        finish();
      },
      complete: () => {
        if (!started) start();
        finish();
      },
    });
    // The response's close, not the request's: the request of a POST emits 'close' once its body
    // is read, before this runs, so a browser that left was never noticed until the reply ended.
    response.once('close', () => {
      if (!response.writableEnded) {
        subscription.unsubscribe();
        finish();
      }
    });
  });
}

function formatEvent(event: RelayedStreamEvent): string {
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
