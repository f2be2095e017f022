/** How often the clean-up jobs (retention, guest purge) run. */
export const HOURLY_MS = 60 * 60 * 1000;

/**
 * Runs a clean-up job in this process at start and then every `intervalMs` (an hour), never two
 * runs at once; a failed run is reported and the next one tries again. The jobs delete only what
 * is due and hold their rows (`FOR UPDATE SKIP LOCKED`), so every replica runs its own.
 */
export class HourlyRun {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly job: () => Promise<unknown>,
    private readonly onFailure: (error: unknown) => void,
    private readonly intervalMs = HOURLY_MS,
  ) {}

  start(): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.job()
      .catch(this.onFailure)
      .finally(() => {
        this.running = undefined;
      });
  }
}
