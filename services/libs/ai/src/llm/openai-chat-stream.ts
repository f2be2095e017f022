import http from 'node:http';
import https from 'node:https';
import { LlmTimeoutError, toLlmError } from './llm.error';
import { SseParser } from './sse-parser';

/**
 * Receives the reply's text piece by piece. Returning `true` stops the reply there: the request
 * is cancelled and the call resolves (a flagged piece, say). Throwing stops it too, and the call
 * rejects with what was thrown.
 */
export type ReplyTextSink = (text: string) => boolean | void;

/** How a streamed reply ended: the provider's `finish_reason` of its last choice ('stop', 'length', …), when it sent one. */
export interface ReplyEnd {
  finishReason?: string;
}

export interface OpenAiChatStreamOptions {
  /** Up to and including `/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  apiKey?: string;
  provider: string;
  model: string;
  /** Fail with LlmTimeoutError when nothing arrives for this long (before the first byte, or between reads). */
  idleTimeoutMs?: number;
  /** Retries of a request that failed before any of the reply arrived (connection error, 408, 409, 429, 5xx). */
  maxRetries?: number;
}

const RETRIED_STATUSES = new Set([408, 409, 429]);
const ERROR_BODY_LIMIT = 64 * 1024;
const agents = {
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
};

/**
 * An OpenAI-compatible chat-completions stream read straight off the socket (issue 25 item 2):
 * the request goes out with `node:http(s)`, the body's bytes go through an SseParser, and each
 * `data:` event is parsed once and its `choices[0].delta.content` handed to the caller's callback
 * — no SDK stream, web stream, async iterator or LangChain message object per token, which cost
 * chat-inference about a third of its CPU per fragment (docs/benchmarks.md). LangChain still
 * builds the model and its request (`body`), and serves every other call and provider.
 *
 * Understood: `data:` events (JSON chunks), `[DONE]`, events over several `data:` lines or split
 * across reads, `:` comments (keep-alives), an error object in the stream (`{"error": …}`, or an
 * `event: error`) and a non-2xx answer — both become the typed LlmError the SDK path gives —, the
 * choice's `finish_reason`, and the caller's AbortSignal.
 */
export class OpenAiChatStream {
  private readonly url: URL;

  constructor(private readonly options: OpenAiChatStreamOptions) {
    this.url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`);
  }

  /** Streams the completion `body` asks for (`stream: true` is set here) into `onText`. */
  async stream(body: object, onText: ReplyTextSink, signal?: AbortSignal): Promise<ReplyEnd> {
    const payload = JSON.stringify({ ...body, stream: true });
    const retries = this.options.maxRetries ?? 1;
    for (let attempt = 0; ; attempt++) {
      const call = new StreamCall(this.url, this.options, payload, onText, signal);
      try {
        return await call.done;
      } catch (error) {
        if (signal?.aborted || call.received || attempt >= retries || !call.retryable) throw error;
        await delay(call.retryAfterMs ?? 500 * 2 ** attempt, signal);
      }
    }
  }
}

/** One HTTP request of a stream: its parser, its idle clock (one timer, moved on by each read) and its outcome. */
class StreamCall {
  readonly done: Promise<ReplyEnd>;
  /** Some of the reply reached the caller: a retry would repeat it. */
  received = false;
  retryable = false;
  retryAfterMs?: number;
  private resolve!: (end: ReplyEnd) => void;
  private reject!: (error: unknown) => void;
  private settled = false;
  private finishReason: string | undefined;
  private request: http.ClientRequest | undefined;
  private response: http.IncomingMessage | undefined;
  private timer: NodeJS.Timeout | undefined;
  private deadline = 0;
  private readonly parser = new SseParser((event, data) => this.onEvent(event, data));

  constructor(
    url: URL,
    private readonly options: OpenAiChatStreamOptions,
    payload: string,
    private readonly onText: ReplyTextSink,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.done = new Promise<ReplyEnd>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    if (signal?.aborted) {
      this.fail(abortReason(signal));
      return;
    }
    signal?.addEventListener('abort', this.onAbort, { once: true });
    this.touch();
    const secure = url.protocol === 'https:';
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'content-length': Buffer.byteLength(payload),
    };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    const request = (secure ? https : http).request(url, {
      method: 'POST',
      headers,
      agent: secure ? agents.https : agents.http,
    });
    this.request = request;
    request.on('response', this.onResponse);
    request.on('error', (error) => {
      this.retryable = !this.received;
      this.fail(this.llmError(error));
    });
    request.end(payload);
  }

  private readonly onResponse = (response: http.IncomingMessage): void => {
    this.response = response;
    this.touch();
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      this.failOnStatus(response, status);
      return;
    }
    response.on('data', (bytes: Buffer) => {
      if (this.settled) return;
      this.deadline = performance.now() + (this.options.idleTimeoutMs ?? 0);
      try {
        this.parser.push(bytes);
      } catch (error) {
        this.fail(error);
      }
    });
    response.on('end', () => this.succeed());
    response.on('error', (error) => this.fail(this.llmError(error)));
    // A socket closed mid-body, without 'end' (the server died).
    response.on('close', () => {
      if (!response.complete) this.fail(this.llmError(new Error('the reply stream was cut off')));
    });
  };

  private onEvent(event: string, data: string): void {
    if (this.settled) return;
    if (data === '[DONE]') {
      this.succeed();
      return;
    }
    let chunk: OpenAiChunk;
    try {
      chunk = JSON.parse(data) as OpenAiChunk;
    } catch {
      throw this.llmError(new Error(`the model sent an event that is not JSON: ${data.slice(0, 200)}`));
    }
    if (event === 'error' || (chunk !== null && typeof chunk === 'object' && chunk.error)) {
      throw this.llmError(providerError(chunk?.error ?? chunk));
    }
    const choice = chunk?.choices?.[0];
    if (!choice) return; // the usage chunk, a role-only chunk with no choice, …
    if (typeof choice.finish_reason === 'string') this.finishReason = choice.finish_reason;
    const text = choice.delta?.content;
    if (typeof text !== 'string' || text.length === 0) return;
    this.received = true;
    if (this.onText(text) === true) this.succeed(true);
  }

  private failOnStatus(response: http.IncomingMessage, status: number): void {
    this.retryable = RETRIED_STATUSES.has(status) || status >= 500;
    const retryAfter = Number(response.headers['retry-after']);
    if (Number.isFinite(retryAfter) && retryAfter >= 0)
      this.retryAfterMs = Math.min(retryAfter * 1000, 10_000);
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (piece: string) => {
      if (text.length < ERROR_BODY_LIMIT) text += piece;
    });
    response.on('error', () => undefined);
    response.on('end', () => {
      let detail: unknown;
      try {
        detail = (JSON.parse(text) as { error?: unknown }).error;
      } catch {
        detail = undefined;
      }
      const error = providerError(detail ?? { message: text.trim() || `HTTP ${status}` });
      this.fail(this.llmError(Object.assign(error, { status })));
    });
  }

  private llmError(error: unknown): unknown {
    return toLlmError(error, { provider: this.options.provider, model: this.options.model });
  }

  /** The idle clock restarts; its one timer is re-armed only when it fires early. */
  private touch(): void {
    const idle = this.options.idleTimeoutMs;
    if (idle === undefined) return;
    this.deadline = performance.now() + idle;
    this.timer ??= setTimeout(this.check, idle);
  }

  private readonly check = (): void => {
    this.timer = undefined;
    if (this.settled) return;
    const left = this.deadline - performance.now();
    if (left > 0) {
      this.timer = setTimeout(this.check, left);
      return;
    }
    const { provider, model, idleTimeoutMs } = this.options;
    this.fail(
      new LlmTimeoutError(`The ${provider} model "${model}" sent nothing for ${idleTimeoutMs} ms`, {
        provider,
        model,
      }),
    );
  };

  private readonly onAbort = (): void => this.fail(abortReason(this.signal!));

  /** The reply is over: at [DONE] or the body's end, or early when the caller `stopped` it. */
  private succeed(stopped = false): void {
    if (this.settled) return;
    this.settle();
    // After [DONE] the rest of the body is read and dropped, so the connection can be reused;
    // a reply stopped early is cancelled.
    if (stopped) this.request?.destroy();
    else if (this.response && !this.response.complete) this.response.resume();
    this.resolve(this.finishReason === undefined ? {} : { finishReason: this.finishReason });
  }

  private fail(error: unknown): void {
    if (this.settled) return;
    this.settle();
    this.request?.destroy();
    this.reject(error);
  }

  private settle(): void {
    this.settled = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.signal?.removeEventListener('abort', this.onAbort);
  }
}

interface OpenAiChunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  error?: unknown;
}

/** The provider's `{ message, type, code }` (or whatever it sent) as an Error the LlmError mapping understands. */
function providerError(detail: unknown): Error & { status?: number } {
  const fields = (typeof detail === 'object' && detail !== null ? detail : { message: String(detail) }) as {
    message?: unknown;
    code?: unknown;
    type?: unknown;
    status?: unknown;
  };
  const message =
    typeof fields.message === 'string' && fields.message ? fields.message : JSON.stringify(detail);
  const error: Error & { status?: number } = new Error(message);
  const status =
    typeof fields.status === 'number'
      ? fields.status
      : typeof fields.code === 'number'
        ? fields.code
        : undefined;
  if (status !== undefined) error.status = status;
  else if (fields.code === 'rate_limit_exceeded' || fields.type === 'rate_limit_exceeded') error.status = 429;
  return error;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted(): void {
      clearTimeout(timer);
      reject(abortReason(signal!));
    }
    signal?.addEventListener('abort', aborted, { once: true });
  });
}
