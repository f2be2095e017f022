import { randomBytes } from 'node:crypto';

/** A token no post, fan or model writes by chance: 64 random bits. */
export function newCanary(): string {
  return `canary-${randomBytes(8).toString('hex')}`;
}

/**
 * Watches a streaming reply for the system prompt's canary (OWASP LLM07: a
 * reply quoting the instructions). The canary may arrive split across any
 * number of fragments, so text that could be the start of it is held back
 * until the next fragment shows it is not; a reply that completes it is
 * leaking, and nothing from the canary on is released. Matching ignores case.
 */
export class PromptLeakGuard {
  private readonly canary: string;
  private held = '';
  private leakedAt = false;

  constructor(canary: string) {
    this.canary = canary.toLowerCase();
  }

  get leaked(): boolean {
    return this.leakedAt;
  }

  /** Takes the next fragment; answers the text that is safe to show now ('' once leaked). */
  push(fragment: string): string {
    if (this.leakedAt) return '';
    const text = this.held + fragment;
    if (text.toLowerCase().includes(this.canary)) {
      this.leakedAt = true;
      this.held = '';
      return '';
    }
    const keep = this.possibleStart(text);
    this.held = text.slice(text.length - keep);
    return text.slice(0, text.length - keep);
  }

  /** At the end of the reply: what was held back, since it did not become the canary. */
  flush(): string {
    const rest = this.leakedAt ? '' : this.held;
    this.held = '';
    return rest;
  }

  /** The length of the longest end of `text` that is a beginning of the canary. */
  private possibleStart(text: string): number {
    for (let length = Math.min(this.canary.length - 1, text.length); length > 0; length--) {
      if (text.slice(text.length - length).toLowerCase() === this.canary.slice(0, length)) return length;
    }
    return 0;
  }
}
