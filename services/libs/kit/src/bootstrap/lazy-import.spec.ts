import { lazyImport } from './lazy-import';

describe('lazyImport', () => {
  it('loads on the first call only, and every caller gets the same module', async () => {
    const load = jest.fn(async () => ({ loaded: Symbol('module') }));
    const get = lazyImport(load);
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([get(), get()]);
    expect(first).toBe(second);
    expect(await get()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a load that failed', async () => {
    const load = jest
      .fn<Promise<string>, []>()
      .mockRejectedValueOnce(new Error('EMFILE'))
      .mockResolvedValue('module');
    const get = lazyImport(load);
    await expect(get()).rejects.toThrow('EMFILE');
    await expect(get()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
