import { segmentEnd } from './reply-segments';

/** One check of reply text: what the moderator decided (never the text). */
export interface ReplyCheck {
  flagged: boolean;
  categories: string[];
  decidedBy: string;
  /** The creator's boundaries the text crosses (docs/safety.md, "Creator boundaries"). */
  boundaryIds?: string[];
}

export interface ModeratedReplyOptions {
  /** A piece longer than this is cut at a space even mid-sentence. */
  maxChars: number;
  /** Unchecked text older than this is checked up to its last space, so a slow sentence still shows. */
  holdBackMs: number;
  /** What is checked: the piece with up to this much of the reply before it, as context. */
  contextChars: number;
}

const REPLY_MODERATION: ModeratedReplyOptions = { maxChars: 240, holdBackMs: 400, contextChars: 1200 };

/**
 * A reply on its way to the fan through the moderator (docs/safety.md, "Moderation in the chat").
 * The model's text is cut into sentence-sized pieces (segmentEnd); each piece is checked — with the
 * reply before it as context — as soon as it is cut, several at once, and released to `show` in
 * order once its own check has passed and every piece before it was released. So only text that
 * was checked ever leaves, and none after a flagged piece: from then on nothing more is shown and
 * `flagged` says why (the caller stops the model and replaces the reply). Unchecked text waits at
 * most `holdBackMs` for a sentence to end. A check that fails (throws) fails the reply: `end`
 * rethrows it, and nothing after it is shown.
 */
export class ModeratedReply {
  private unchecked = '';
  private cut = '';
  private released: Promise<void> = Promise.resolve();
  private holdBack: NodeJS.Timeout | null = null;
  private readonly verdicts: ReplyCheck[] = [];
  private failure: { error: unknown } | null = null;
  private flaggedBy: ReplyCheck | null = null;
  private abandoned = false;

  constructor(
    private readonly check: (text: string) => Promise<ReplyCheck>,
    private readonly show: (piece: string) => void,
    private readonly options: ModeratedReplyOptions = REPLY_MODERATION,
  ) {}

  /** The verdict that stopped the reply, once one has. */
  get flagged(): ReplyCheck | null {
    return this.flaggedBy;
  }

  /** Whether the reply is stopped (flagged, or a check failed): the model need not go on. */
  get stopped(): boolean {
    return this.flaggedBy !== null || this.failure !== null || this.abandoned;
  }

  /** The reply failed elsewhere (the model, the prompt): nothing more is checked or shown. */
  abandon(): void {
    this.abandoned = true;
    this.clearHoldBack();
  }

  /** More of the model's text. */
  push(text: string): void {
    if (this.stopped || text === '') return;
    this.unchecked += text;
    this.cutPieces(false);
  }

  /**
   * The model has finished (or was stopped): checks what is left and waits for every check. The
   * reply's verdict: the flagging one, or, when none flagged, every check's categories together.
   */
  async end(): Promise<ReplyCheck> {
    this.clearHoldBack();
    if (!this.stopped && this.unchecked !== '') this.submit(this.unchecked);
    this.unchecked = '';
    await this.released;
    if (this.failure) throw this.failure.error;
    if (this.flaggedBy) return this.flaggedBy;
    return {
      flagged: false,
      categories: [...new Set(this.verdicts.flatMap((verdict) => verdict.categories))],
      decidedBy: this.verdicts.at(-1)?.decidedBy ?? 'none',
    };
  }

  private cutPieces(force: boolean): void {
    let cut = false;
    for (;;) {
      const end = segmentEnd(this.unchecked, { maxChars: this.options.maxChars, force: force && !cut });
      if (end <= 0) break;
      this.submit(this.unchecked.slice(0, end));
      this.unchecked = this.unchecked.slice(end);
      cut = true;
    }
    // The hold-back runs from when the oldest unchecked text arrived.
    if (cut) this.clearHoldBack();
    if (this.unchecked !== '' && this.holdBack === null) {
      this.holdBack = setTimeout(() => {
        this.holdBack = null;
        if (!this.stopped) this.cutPieces(true);
      }, this.options.holdBackMs);
    }
  }

  private submit(piece: string): void {
    this.cut += piece;
    const verdict = this.check(this.cut.slice(-Math.max(this.options.contextChars, piece.length)));
    // Settled inside the chain, so a failed check is never an unhandled rejection.
    const settled = verdict.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    this.released = this.released.then(async () => {
      const outcome = await settled;
      if (this.stopped) return;
      if ('error' in outcome) {
        this.failure = { error: outcome.error };
        this.clearHoldBack();
        return;
      }
      this.verdicts.push(outcome.value);
      if (outcome.value.flagged) {
        this.flaggedBy = outcome.value;
        this.clearHoldBack();
        return;
      }
      this.show(piece);
    });
  }

  private clearHoldBack(): void {
    if (this.holdBack !== null) {
      clearTimeout(this.holdBack);
      this.holdBack = null;
    }
  }
}
