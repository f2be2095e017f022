import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';

/** How many of the latest events a failure report shows. */
const REPORTED_EVENTS = 80;

/**
 * What a browser page did, for the report of a step that failed: its console messages, page
 * errors, navigations, every API request with its answer, and the requests that failed (an asset
 * or chunk the server no longer has, a connection that broke).
 */
export class PageActivity {
  private readonly events: string[] = [];
  private readonly started = Date.now();
  /** API requests sent and not yet answered, with when they were sent. */
  private readonly pending = new Map<Request, number>();

  constructor(private readonly page: Page) {
    page.on('console', (message) => this.note(`console.${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => this.note(`page error: ${error.message}`));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.note(`at ${frame.url()}`);
    });
    page.on('request', (request) => {
      if (!isApi(request)) return;
      this.pending.set(request, Date.now());
      this.note(`sent ${describe(request)}`);
    });
    page.on('response', (response) => {
      const request = response.request();
      const sentAt = this.pending.get(request);
      if (sentAt !== undefined || response.status() >= 400)
        this.note(
          `${describe(request)} → ${response.status()}${sentAt ? ` after ${Date.now() - sentAt} ms` : ''}`,
        );
    });
    page.on('requestfinished', (request) => this.pending.delete(request));
    page.on('requestfailed', (request) => {
      this.pending.delete(request);
      this.note(`${describe(request)} failed: ${request.failure()?.errorText ?? 'unknown'}`);
    });
  }

  /**
   * Runs `step`; if it throws, the error also says what the page showed (its URL and text), what
   * it did lately and which API requests were still unanswered, and a screenshot and the HTML go
   * to `<dir>/<name>.png` and `.html`.
   */
  async explainFailure<T>(dir: string, name: string, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      const report = await this.report(dir, name).catch(
        (failed: unknown) => `(no report: ${String(failed)})`,
      );
      if (!(error instanceof Error)) throw new Error(`${String(error)}\n\n${report}`);
      // Jest prints the stack, which repeats the message it was made with.
      const message = error.message;
      error.message = `${message}\n\n${report}`;
      if (error.stack) error.stack = error.stack.replace(message, error.message);
      throw error;
    }
  }

  private async report(dir: string, name: string): Promise<string> {
    fs.mkdirSync(dir, { recursive: true });
    const screenshot = path.join(dir, `${name}.png`);
    const html = path.join(dir, `${name}.html`);
    await this.page.screenshot({ path: screenshot, fullPage: true, timeout: 10_000 }).catch(() => undefined);
    fs.writeFileSync(html, await this.page.content());
    const text = (await this.page.locator('body').innerText({ timeout: 5_000 })).trim();
    const now = Date.now();
    const unanswered = [...this.pending].map(
      ([request, sentAt]) => `${describe(request)}, sent ${now - sentAt} ms ago`,
    );
    return [
      `The page at ${this.page.url()} showed:`,
      indent(text.slice(0, 2000) || '(no text)'),
      'API requests without an answer:',
      indent(unanswered.join('\n') || 'none'),
      `The page's last ${REPORTED_EVENTS} events (ms since the browser opened):`,
      indent(this.events.slice(-REPORTED_EVENTS).join('\n') || 'none'),
      `Screenshot ${screenshot}, HTML ${html}`,
    ].join('\n');
  }

  private note(event: string): void {
    this.events.push(`${Date.now() - this.started} ${event}`);
  }
}

function isApi(request: Request): boolean {
  return new URL(request.url()).pathname.startsWith('/api/');
}

function describe(request: Request): string {
  const url = new URL(request.url());
  return `${request.method()} ${url.pathname}${url.search}`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
