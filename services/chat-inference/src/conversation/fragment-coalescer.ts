import { fragmentId, type MessageStreamEvent } from '@backtalk/proto';

/**
 * Sends a reply's text as fragments `<messageId>#0, #1, …` (contiguous), merging
 * the pieces that arrive within `windowMs` of the last fragment sent into one
 * (issue 13: every fragment costs a NATS message, a gateway parse and a socket
 * write). A piece after a quiet spell — the first one always — is sent at once;
 * only pieces that follow closer than the window wait, at most until it ends.
 */
export class FragmentCoalescer {
  private seq = 0;
  private pending = '';
  private timer: NodeJS.Timeout | null = null;
  private lastSent = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly messageId: string,
    private readonly windowMs: number,
    private readonly emit: (event: MessageStreamEvent) => void,
  ) {}

  /** Fragments sent so far (0: nothing was shown yet). */
  get sent(): number {
    return this.seq;
  }

  push(text: string): void {
    const now = performance.now();
    if (this.timer === null && now - this.lastSent >= this.windowMs) {
      this.send(text, now);
      return;
    }
    this.pending += text;
    this.timer ??= setTimeout(() => this.flush(), this.windowMs - (now - this.lastSent));
  }

  /** Sends what waits now (before an error, citations or the last fragment). */
  flush(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.send(text, performance.now());
  }

  /** The last fragment: empty, with why the reply stopped; its id follows the last one sent. */
  end(stopReason: NonNullable<Extract<MessageStreamEvent, { type: 'fragment' }>['stopReason']>): void {
    this.flush();
    this.emit({ type: 'fragment', text: '', id: fragmentId(this.messageId, this.seq), stopReason });
  }

  private send(text: string, now: number): void {
    this.lastSent = now;
    this.emit({ type: 'fragment', text, id: fragmentId(this.messageId, this.seq++) });
  }
}
