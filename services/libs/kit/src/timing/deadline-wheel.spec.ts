import { type Due, DeadlineWheel } from './deadline-wheel';

/** An entry that records when it ran; `again` moves its deadline and files it once more. */
function entry(dueAt: number, ran: number[], again?: (self: Due, now: number) => void): Due {
  const self: Due = {
    dueAt,
    wheelSlot: -1,
    onDue(now) {
      ran.push(now);
      again?.(self, now);
    },
  };
  return self;
}

describe('DeadlineWheel', () => {
  /** A tick boundary a little ahead of now, so the wheel's own start lies before it. */
  const aligned = (): number => Math.floor(performance.now() / 10) * 10 + 20;

  it.each([
    ['in the slot [120, 130)', 120, [100, 125, 129.9, 130, 199], [130]],
    ['a deadline already past', -500, [0, 50], [0]],
    ['more than one turn ahead (8 slots of 10 ms = 80 ms)', 250, [80, 160, 240, 250, 260], [260]],
  ])('runs an entry %s once, within one tick after its deadline', (_case, due, ticks, expected) => {
    const wheel = new DeadlineWheel(10, 8);
    const ran: number[] = [];
    const start = aligned();
    wheel.schedule(entry(start + due, ran));
    for (const at of ticks) wheel.tick(start + at);
    expect(ran.map((at) => at - start)).toEqual(expected);
    expect(wheel.pending).toBe(0);
  });

  it('files an entry whose deadline moved later again instead of running it early', () => {
    const wheel = new DeadlineWheel(10, 8);
    const ran: number[] = [];
    const start = aligned();
    const due = entry(start + 30, ran);
    wheel.schedule(due);
    due.dueAt = start + 95; // a value came: the owner only moves the deadline
    for (const at of [40, 60, 90]) wheel.tick(start + at);
    expect(ran).toEqual([]);
    wheel.tick(start + 100);
    expect(ran.map((at) => at - start)).toEqual([100]);
  });

  it('runs nothing for a cancelled entry and stops ticking when none is left', () => {
    const wheel = new DeadlineWheel(10, 8);
    const ran: number[] = [];
    const start = aligned();
    const kept = entry(start + 20, ran);
    const cancelled = entry(start + 20, ran);
    wheel.schedule(kept);
    wheel.schedule(cancelled);
    wheel.cancel(cancelled);
    wheel.cancel(cancelled);
    expect(wheel.pending).toBe(1);
    wheel.tick(start + 40);
    expect(ran).toHaveLength(1);
    expect(wheel.pending).toBe(0);
  });

  it('counts an entry cancelled by another one due in the same slot once, and keeps ticking for the rest', () => {
    const wheel = new DeadlineWheel(10, 8);
    const ran: number[] = [];
    const start = aligned();
    const later = entry(start + 60, ran);
    const victim = entry(start + 20, ran);
    // A stream failing at its deadline lets go of another deadline filed in the same slot.
    const first = entry(start + 20, ran, () => wheel.cancel(victim));
    wheel.schedule(first);
    wheel.schedule(victim);
    wheel.schedule(later);
    wheel.tick(start + 40);
    expect(ran).toHaveLength(1);
    expect(wheel.pending).toBe(1);
    wheel.tick(start + 80);
    expect(ran.map((at) => at - start)).toEqual([40, 80]);
    expect(wheel.pending).toBe(0);
  });

  it('lets an entry file itself again from onDue (a keep-alive every 30 ms)', () => {
    const wheel = new DeadlineWheel(10, 8);
    const ran: number[] = [];
    const start = aligned();
    const beat = entry(start + 30, ran, (self, now) => {
      self.dueAt = now + 30;
      wheel.schedule(self);
    });
    wheel.schedule(beat);
    for (let at = 0; at <= 200; at += 10) wheel.tick(start + at);
    expect(ran.map((at) => at - start)).toEqual([40, 80, 120, 160, 200]);
    wheel.cancel(beat);
    expect(wheel.pending).toBe(0);
  });

  it('keeps 5,000 entries on one interval and runs each at its own deadline', async () => {
    const wheel = new DeadlineWheel(5, 64);
    const ran = new Map<number, number>();
    const now = performance.now();
    for (let i = 0; i < 5000; i++) {
      const dueAt = now + 10 + (i % 50);
      wheel.schedule({ dueAt, wheelSlot: -1, onDue: (at) => ran.set(i, at - dueAt) });
    }
    while (wheel.pending > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ran.size).toBe(5000);
    for (const late of ran.values()) expect(late).toBeGreaterThanOrEqual(0);
  });
});
