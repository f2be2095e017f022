import { describeNeeding, startVersitygw, type Versitygw, versitygwProblem } from '@backtalk/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalObjectStorage } from './local-object-storage';
import { isStorageKey, type ObjectStorage } from './object-storage';
import { S3ObjectStorage } from './s3-object-storage';

/** The same cases for both adapters: what the pipeline relies on. */
function objectStorageContract(make: () => ObjectStorage) {
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
}

describe('LocalObjectStorage (standalone: a folder)', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(path.join(os.tmpdir(), 'backtalk-objects-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  objectStorageContract(() => new LocalObjectStorage(root));
});

describeNeeding('versitygw', versitygwProblem())('S3ObjectStorage against a real versitygw', () => {
  let server: Versitygw;
  let storages: S3ObjectStorage[] = [];
  beforeAll(async () => {
    server = await startVersitygw();
  });
  afterEach(() => {
    for (const storage of storages) storage.close();
    storages = [];
  });
  afterAll(async () => {
    await server?.close();
  });
  objectStorageContract(() => {
    const storage = new S3ObjectStorage({
      bucket: server.bucket,
      region: 'us-east-1',
      endpoint: server.endpoint,
      accessKeyId: server.accessKeyId,
      secretAccessKey: server.secretAccessKey,
    });
    storages.push(storage);
    return storage;
  });

  it('answers a wrong secret with an error, not an empty object', async () => {
    const storage = new S3ObjectStorage({
      bucket: server.bucket,
      region: 'us-east-1',
      endpoint: server.endpoint,
      accessKeyId: server.accessKeyId,
      secretAccessKey: 'wrong-secret',
    });
    storages.push(storage);
    await expect(storage.get('tiktok-data/c1/7001/cover.svg')).rejects.toThrow();
  });
});
