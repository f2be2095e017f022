import { StringDecoder } from 'node:string_decoder';

/** Receives each complete server-sent event: its `event:` name ('' when none) and its data lines joined by '\n'. */
export type SseEventHandler = (event: string, data: string) => void;

/**
 * A server-sent events parser fed the body's bytes as they arrive (the WHATWG event-stream
 * rules): lines end at CRLF, LF or CR, wherever the reads split them — a CRLF across two reads,
 * a UTF-8 character across two reads; `:` lines are comments (keep-alives); `data:` lines of one
 * event are joined with '\n'; a blank line ends the event, and an event with no data is not
 * dispatched; the one space after a field's colon is dropped. An event the body ends in the
 * middle of is dropped, as the specification says. No object is made per line or per event
 * beyond the strings handed to `onEvent`.
 */
export class SseParser {
  private readonly decoder = new StringDecoder('utf8');
  /** The end of the last read: a line not finished yet. */
  private rest = '';
  /** The last read ended in CR: a LF starting the next one belongs to it. */
  private afterCr = false;
  private started = false;
  private event = '';
  private data: string | null = null;

  constructor(private readonly onEvent: SseEventHandler) {}

  /** One read of the body. */
  push(bytes: Buffer | Uint8Array): void {
    let text = this.decoder.write(bytes as Buffer);
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text.length === 0) return;
    let start = 0;
    if (this.afterCr) {
      this.afterCr = false;
      if (text.charCodeAt(0) === 10) start = 1;
    }
    const length = text.length;
    for (let i = start; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code !== 10 && code !== 13) continue;
      const line = this.rest === '' ? text.slice(start, i) : this.rest + text.slice(start, i);
      this.rest = '';
      if (code === 13) {
        if (i + 1 < length) {
          if (text.charCodeAt(i + 1) === 10) i++;
        } else this.afterCr = true;
      }
      start = i + 1;
      this.line(line);
    }
    if (start < length) this.rest += text.slice(start);
  }

  private line(line: string): void {
    if (line.length === 0) {
      const data = this.data;
      const event = this.event;
      this.data = null;
      this.event = '';
      if (data !== null) this.onEvent(event, data);
      return;
    }
    if (line.charCodeAt(0) === 58) return; // ':' — a comment
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = '';
    if (colon >= 0) value = line.charCodeAt(colon + 1) === 32 ? line.slice(colon + 2) : line.slice(colon + 1);
    if (field === 'data') this.data = this.data === null ? value : `${this.data}\n${value}`;
    else if (field === 'event') this.event = value;
    // `id` and `retry` mean nothing to a one-off completion stream; other fields are ignored.
  }
}
