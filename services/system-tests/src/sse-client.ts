import http from 'node:http';

interface SseEvent {
  event: string;
  id?: string;
  data: unknown;
}

export interface Opened {
  status: number;
  events: SseEvent[];
  /** Resolves when the stream ends (or was left); the body of a refusal is in `body`. */
  ended: Promise<void>;
  body: string;
  /** Leaves the stream, as a closed tab does. */
  leave(): void;
}

/** One SSE request on a connection of its own, its events parsed as they come. */
export function openSse(
  base: string,
  method: 'GET' | 'POST',
  route: string,
  token: string,
  options: { body?: unknown; lastEventId?: string } = {},
): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${route}`, {
      method,
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'text/event-stream',
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
      },
    });
    request.on('response', (response) => {
      const opened: Opened = {
        status: response.statusCode ?? 0,
        events: [],
        body: '',
        ended: new Promise((done) => {
          response.on('end', done);
          response.on('close', done);
        }),
        leave: () => request.destroy(),
      };
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (opened.status !== 200) {
          opened.body += chunk;
          return;
        }
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: Partial<SseEvent> = {};
          for (const line of frame.split('\n')) {
            if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('data: ')) event.data = JSON.parse(line.slice(6));
          }
          if (event.event) opened.events.push(event as SseEvent);
        }
      });
      response.on('error', () => undefined);
      resolve(opened);
    });
    request.on('error', (error) => {
      // A stream this test left on purpose ends with a reset; anything else fails the test.
      if (!request.destroyed) reject(error);
    });
    request.end(options.body ? JSON.stringify(options.body) : undefined);
  });
}
