import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * Reads a `text/event-stream` response body to its end, handing every event to `onEvent`.
 * Resolves when the server closes the stream; rejects if reading fails or `signal` aborts.
 */
export async function readEventStream(
  response: Response,
  onEvent: (event: EventSourceMessage) => void,
  signal?: AbortSignal,
): Promise<void> {
  if (!response.body) throw new Error('The server sent no stream.');
  const parser = createParser({ onEvent });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const abort = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', abort);
  try {
    for (;;) {
      if (signal?.aborted) throw new DOMException('The stream was aborted.', 'AbortError');
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    const rest = decoder.decode();
    if (rest) parser.feed(rest);
    if (signal?.aborted) throw new DOMException('The stream was aborted.', 'AbortError');
  } finally {
    signal?.removeEventListener('abort', abort);
    reader.releaseLock?.();
  }
}
