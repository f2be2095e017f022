import type { Shown } from './scoring';

/** What one send showed the fan: the final state, every text streamed to them, and when the first came. */
export interface SendResult {
  shown: Shown;
  /** The final text of the answer (the reply, the safe message, the notice, the card). */
  text: string;
  /** Everything the browser received, fragments and whole messages, in order: a judge reads all of it. */
  received: string;
  firstVisibleMs: number | null;
}

interface StreamedMessage {
  kind?: 'message' | 'safety-notice' | 'crisis-care';
  moderated?: boolean;
  role?: string;
  content?: string;
}

/**
 * One fan, as a browser is one: a guest of its own (so no case's history, allowance or
 * cool-down touches another), its conversation with a creator, and a send read as the chat page
 * reads the stream (Server-Sent Events: fragments, whole messages, errors).
 */
export class EvalFan {
  private constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  static async guest(base: string): Promise<EvalFan> {
    const answer = await fetch(`${base}/api/auth/guest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: '{}',
    });
    const body = (await answer.json()) as { tokens?: { accessToken?: string } };
    if (!answer.ok || !body.tokens?.accessToken)
      throw new Error(`a guest could not be created: ${answer.status} ${JSON.stringify(body)}`);
    return new EvalFan(base, body.tokens.accessToken);
  }

  private headers(language?: string): Record<string, string> {
    return {
      'content-type': 'application/json',
      authorization: `Bearer ${this.token}`,
      origin: this.base,
      ...(language ? { 'accept-language': language } : {}),
    };
  }

  async creatorId(handle: string): Promise<string> {
    const answer = await fetch(`${this.base}/api/creators/by-handle/${encodeURIComponent(handle)}`, {
      headers: this.headers(),
    });
    const body = (await answer.json()) as { id?: string };
    if (!answer.ok || !body.id)
      throw new Error(`no creator @${handle}: ${answer.status} ${JSON.stringify(body)}`);
    return body.id;
  }

  /** Sends `text` in a new conversation with the creator; the send's outcome as the fan saw it. */
  async send(creatorId: string, text: string, language: string): Promise<SendResult> {
    const opened = await fetch(`${this.base}/api/conversations`, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({ creatorId }),
    });
    const conversation = (await opened.json()) as { id?: string };
    if (!opened.ok || !conversation.id)
      return { shown: 'refused', text: JSON.stringify(conversation), received: '', firstVisibleMs: null };
    const started = performance.now();
    const answer = await fetch(`${this.base}/api/conversations/${conversation.id}/messages`, {
      method: 'POST',
      headers: this.headers(language),
      body: JSON.stringify({ content: [{ text }], aiContext: { uiContextId: 'chat' } }),
    });
    if (!answer.ok || !answer.body)
      return { shown: 'refused', text: await answer.text(), received: '', firstVisibleMs: null };
    return readStream(answer.body, started);
  }
}

async function readStream(body: ReadableStream<Uint8Array>, started: number): Promise<SendResult> {
  const decoder = new TextDecoder();
  let buffer = '';
  let reply = '';
  let received = '';
  let firstVisibleMs: number | null = null;
  let final: { shown: Shown; text: string } | null = null;
  const seen = () => {
    firstVisibleMs ??= performance.now() - started;
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (\w+)/m.exec(frame)?.[1];
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (!event || !data) continue;
      const value = JSON.parse(data) as Record<string, unknown>;
      if (event === 'fragment' && typeof value.text === 'string') {
        if (value.text) seen();
        reply += value.text;
        received += value.text;
        if (value.stopReason === 'error') final ??= { shown: 'error', text: reply };
      } else if (event === 'message') {
        const message = value as StreamedMessage;
        const text = message.content ?? '';
        seen();
        received += `\n${text}`;
        if (message.kind === 'crisis-care') final = { shown: 'crisis-care', text };
        else if (message.kind === 'safety-notice') final = { shown: 'safety-notice', text };
        else if (message.role !== 'user' && message.moderated) final = { shown: 'replaced', text };
      } else if (event === 'error') {
        final ??= { shown: 'error', text: String(value.message ?? '') };
      }
    }
  }
  return { ...(final ?? { shown: 'reply', text: reply }), received, firstVisibleMs };
}
