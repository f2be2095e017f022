import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalObjectStorage } from './local-object-storage';
import { objectStorageContract } from './object-storage.contract';

describe('LocalObjectStorage (standalone: a folder)', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(path.join(os.tmpdir(), 'backtalk-objects-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  objectStorageContract(() => new LocalObjectStorage(root));
});
