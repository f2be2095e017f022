/**
 * Something with a deadline on a DeadlineWheel: an open stream's liveness limit, its next
 * keep-alive. The owner is the entry itself (no closure per deadline), and it may move `dueAt`
 * later at any time without telling the wheel — a stream records each value's time and nothing
 * else; the wheel notices the move when it reaches the old slot and files the entry again.
 */
export interface Due {
  /** `performance.now()` at or after which `onDue` runs. */
  dueAt: number;
  /** The wheel's own bookkeeping: the slot the entry is filed in, -1 when it is not. */
  wheelSlot: number;
  /** Called once per `schedule`, at or after `dueAt` (within one tick). */
  onDue(now: number): void;
}

/**
 * One timer for every deadline of a process's open streams (issue 25), instead of one or more
 * timers per stream: a hashed timing wheel of `slots` slots of `tickMs` each. Filing, moving and
 * cancelling an entry is O(1); each tick visits only the entries filed in its slot (those due,
 * and those whose `dueAt` moved later or lies a whole turn ahead, filed again). The interval runs
 * only while an entry is filed, and never keeps the process alive on its own.
 */
export class DeadlineWheel {
  private readonly slots: Set<Due>[];
  private timer: NodeJS.Timeout | undefined;
  private size = 0;
  /** The next slot the ticker visits, counted in ticks since the wheel's time origin. */
  private cursor = 0;

  constructor(
    private readonly tickMs = 50,
    slots = 1024,
  ) {
    this.slots = Array.from({ length: slots }, () => new Set<Due>());
  }

  /** Files `entry` for its `dueAt` (again, if it is filed already). */
  schedule(entry: Due): void {
    if (entry.wheelSlot >= 0) this.slots[entry.wheelSlot]?.delete(entry);
    else this.size++;
    if (!this.timer) {
      this.cursor = this.tickOf(performance.now());
      this.timer = setInterval(() => this.tick(), this.tickMs);
      this.timer.unref();
    }
    // Never behind the cursor: a deadline already past is run at the next tick.
    const slot = Math.max(this.tickOf(entry.dueAt), this.cursor) % this.slots.length;
    entry.wheelSlot = slot;
    (this.slots[slot] as Set<Due>).add(entry);
  }

  /** Takes `entry` off the wheel; nothing runs for it. */
  cancel(entry: Due): void {
    if (entry.wheelSlot < 0) return;
    this.slots[entry.wheelSlot]?.delete(entry);
    entry.wheelSlot = -1;
    if (--this.size === 0) this.stop();
  }

  /** How many entries are filed (for tests and metrics). */
  get pending(): number {
    return this.size;
  }

  /**
   * Runs every slot whose time has wholly passed, so an entry runs within one tick after its
   * `dueAt`; exposed so tests need not wait for the interval.
   */
  tick(now = performance.now()): void {
    const last = this.tickOf(now) - 1;
    while (this.cursor <= last && this.size > 0) {
      // Advanced first: whatever is filed while this slot runs goes to a later one.
      const slot = this.slots[this.cursor++ % this.slots.length] as Set<Due>;
      if (!slot.size) continue;
      for (const entry of [...slot]) {
        // Cancelled or filed elsewhere by an earlier entry's onDue in this same slot: not ours to
        // count again (counting it twice let the wheel stop with deadlines still filed).
        if (!slot.has(entry)) continue;
        slot.delete(entry);
        entry.wheelSlot = -1;
        this.size--;
        // Moved later, or a turn (or more) ahead: filed where it now belongs.
        if (entry.dueAt > now) this.schedule(entry);
        else entry.onDue(now);
      }
    }
    if (this.size === 0) this.stop();
    else this.cursor = Math.max(this.cursor, last + 1);
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private tickOf(time: number): number {
    return Math.floor(time / this.tickMs);
  }
}

/** The process's one wheel for stream deadlines: the kit's stream calls and the gateway's relays. */
export const streamDeadlines = new DeadlineWheel();
