import { afterStartup, holdStartupWork } from './startup-work';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('start-up work', () => {
  it('runs at once when no host holds it', async () => {
    const ran: string[] = [];
    afterStartup(async () => void ran.push('work'));
    await tick();
    expect(ran).toEqual(['work']);
  });

  it('waits for the host to release it, and release waits for the work', async () => {
    const ran: string[] = [];
    const hold = holdStartupWork();
    afterStartup(async () => {
      await tick();
      ran.push('first');
    });
    afterStartup(async () => void ran.push('second'));
    await tick();
    expect(ran).toEqual([]);
    await hold.release();
    expect(ran.sort()).toEqual(['first', 'second']);
    // Released: later work runs at once again.
    afterStartup(async () => void ran.push('later'));
    await tick();
    expect(ran).toContain('later');
  });

  it('lets the outermost host decide: a nested hold releases nothing', async () => {
    const ran: string[] = [];
    const outer = holdStartupWork();
    const inner = holdStartupWork();
    afterStartup(async () => void ran.push('work'));
    await inner.release();
    await tick();
    expect(ran).toEqual([]);
    await outer.release();
    expect(ran).toEqual(['work']);
  });

  it('drops held work when the host discards it, and a failing piece does not stop the others', async () => {
    const ran: string[] = [];
    const failed = holdStartupWork();
    afterStartup(async () => void ran.push('dropped'));
    failed.discard();
    await tick();
    expect(ran).toEqual([]);

    const hold = holdStartupWork();
    afterStartup(async () => {
      throw new Error('boom');
    });
    afterStartup(() => {
      throw new Error('thrown before any await');
    });
    afterStartup(async () => void ran.push('still runs'));
    await expect(hold.release()).resolves.toBeUndefined();
    expect(ran).toEqual(['still runs']);
  });
});
