import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assertStorageKey,
  assertStoragePrefix,
  contentTypeOf,
  type ObjectStorage,
  type StoredObject,
} from './object-storage';

/**
 * Standalone mode's object storage: a folder (`<BACKTALK_DATA_DIR>/objects` by default) where a
 * key is a relative path. Writes go to a temporary file first and are renamed into place, so a
 * killed process never leaves half an object under a key.
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.partial`;
    await writeFile(temporary, body);
    await rename(temporary, file);
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      return { body: await readFile(this.fileOf(key)), contentType: contentTypeOf(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
      .map((entry) =>
        path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      )
      .filter((key) => key.startsWith(prefix))
      .sort();
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertStoragePrefix(prefix);
    const keys = await this.list(prefix);
    // The folder goes whole, with any `.partial` file a killed write left in it.
    await rm(path.join(this.root, ...prefix.slice(0, -1).split('/')), { recursive: true, force: true });
    return keys.length;
  }

  private fileOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }
}
