import { renderError, ServiceError, sseStreamsOpen } from '@backtalk/kit';
import type { InitStatus } from '@backtalk/proto';
import type { Response } from 'express';
import { startEventStream } from '../chat/sse-stream';

/** How often the relay reads the status (one indexed query at creators). */
const POLL_MS = 500;
const HEARTBEAT_MS = 15_000;

/**
 * Relays a creator's init status to the browser as Server-Sent Events (DESIGN: "Live creator-init
 * progress reaches the browser the same way"). The first read decides the HTTP answer (403/404
 * as JSON); then every change is one `status` event, and the stream ends after a completed or
 * failed status, or when the browser goes away.
 */
export async function relayInitStatus(read: () => Promise<InitStatus>, response: Response): Promise<void> {
  let status: InitStatus;
  try {
    status = await read();
  } catch (error) {
    const { status: code, body } = renderError(ServiceError.from(error));
    response.status(code).json(body);
    return;
  }
  startEventStream(response);
  let closed = false;
  // The response's close: it is the one that tells a browser going away (see chat-reply-relay.ts).
  response.once('close', () => (closed = true));
  sseStreamsOpen.inc({ service: 'gateway', stream: 'init-status' });
  const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
  let last = '';
  try {
    for (;;) {
      const data = JSON.stringify(status);
      if (data !== last) {
        response.write(`event: status\ndata: ${data}\n\n`);
        last = data;
      }
      if (status.state === 'completed' || status.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if (closed) break;
      try {
        status = await read();
      } catch (error) {
        const { body } = renderError(ServiceError.from(error));
        response.write(
          `event: error\ndata: ${JSON.stringify({ code: body.code, message: body.message })}\n\n`,
        );
        break;
      }
    }
  } finally {
    clearInterval(heartbeat);
    sseStreamsOpen.dec({ service: 'gateway', stream: 'init-status' });
    if (!response.writableEnded) response.end();
  }
}
