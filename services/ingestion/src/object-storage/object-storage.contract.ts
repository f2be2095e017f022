import { isStorageKey, type ObjectStorage } from './object-storage';

/** The same cases for both adapters: what the pipeline relies on. */
export function objectStorageContract(make: () => ObjectStorage) {
  it('stores, replaces and reads objects under the spec prefixes', async () => {
    const storage = make();
    const key = 'tiktok-data/c1/7001/cover.svg';
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from('<svg>one</svg>'), 'image/svg+xml');
    await storage.put(key, Buffer.from('<svg>two</svg>'), 'image/svg+xml');
    const stored = await storage.get(key);
    expect(stored?.body.toString()).toBe('<svg>two</svg>');
    expect(stored?.contentType).toBe('image/svg+xml');
    await storage.put(
      'customai-kb/c1/essence.md',
      Buffer.from('You are Maya.'),
      'text/markdown; charset=utf-8',
    );
    await storage.put('tiktok-data/c1/7002/captions.vtt', Buffer.from('WEBVTT\n'), 'text/vtt');
    expect(await storage.list('tiktok-data/c1/')).toEqual([
      'tiktok-data/c1/7001/cover.svg',
      'tiktok-data/c1/7002/captions.vtt',
    ]);
    expect(await storage.list('customai-kb/')).toEqual(['customai-kb/c1/essence.md']);
  });

  it('refuses keys outside the prefixes or with .. parts', async () => {
    const storage = make();
    for (const key of ['other/x.txt', 'tiktok-data/../x', 'tiktok-data//x', '/tiktok-data/x']) {
      expect(isStorageKey(key)).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('Not a storage key');
    }
  });

  it("deletes a creator's folders and nothing beside them", async () => {
    const storage = make();
    const keys = [
      'tiktok-data/gone/7001/cover.svg',
      'tiktok-data/gone/7001/captions.vtt',
      'tiktok-data/gone/avatar.jpg',
      'customai-kb/gone/essence.md',
      'tiktok-data/gone2/7001/cover.svg',
      'customai-kb/kept/essence.md',
    ];
    for (const key of keys) await storage.put(key, Buffer.from(key), 'text/plain');
    const left = async () => [
      ...(await storage.list('tiktok-data/gone')),
      ...(await storage.list('customai-kb/')).filter((key) => !key.includes('/c1/')),
    ];
    expect(await storage.deletePrefix('tiktok-data/gone/')).toBe(3);
    expect(await storage.deletePrefix('customai-kb/gone/')).toBe(1);
    expect(await storage.get('tiktok-data/gone/7001/cover.svg')).toBeNull();
    expect(await left()).toEqual(['tiktok-data/gone2/7001/cover.svg', 'customai-kb/kept/essence.md']);
    // Again: nothing left to delete. A prefix that is not one creator's folder is refused.
    expect(await storage.deletePrefix('tiktok-data/gone/')).toBe(0);
    for (const prefix of ['tiktok-data/', 'tiktok-data/gone', 'tiktok-data/../', 'other/gone/', ''])
      await expect(storage.deletePrefix(prefix)).rejects.toThrow('Not a storage folder');
    expect(await left()).toHaveLength(2);
  });
}
