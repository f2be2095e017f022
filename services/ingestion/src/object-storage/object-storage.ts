/**
 * The object-storage port (DESIGN "Three ways to run": a local folder in standalone mode, S3 in
 * cluster and Kubernetes mode). Keys are `/`-separated paths under the spec's two prefixes
 * (§9): `tiktok-data/…` for what is fetched from TikTok (covers, caption tracks) and
 * `customai-kb/…` for persona material. Writing a key again replaces it: every write of the
 * pipeline is idempotent.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Keys under a prefix, sorted. */
  list(prefix: string): Promise<string[]>;
  /**
   * Deletes every object under a folder prefix (`tiktok-data/<creatorId>/`: it ends with `/`, so
   * `…/c1/` never takes `…/c12/`'s objects) and answers how many went. Deleting again finds none.
   */
  deletePrefix(prefix: string): Promise<number>;
}

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

/** The prefixes of spec §9; nothing is written elsewhere. */
const STORAGE_PREFIXES = ['tiktok-data/', 'customai-kb/'] as const;

/** A key the pipeline may write or the media route may read: a known prefix, no `..`, no empty part. */
export function isStorageKey(key: string): boolean {
  if (key.length > 512 || !STORAGE_PREFIXES.some((prefix) => key.startsWith(prefix))) return false;
  return key.split('/').every((part) => /^[\w.-]+$/.test(part) && part !== '.' && part !== '..');
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}

/** A folder under one of the prefixes (`tiktok-data/c1/`): what deletePrefix takes. */
export function assertStoragePrefix(prefix: string): void {
  if (!prefix.endsWith('/') || !isStorageKey(prefix.slice(0, -1)) || !prefix.slice(0, -1).includes('/'))
    throw new Error(`Not a storage folder: ${JSON.stringify(prefix)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  vtt: 'text/vtt',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  json: 'application/json',
};

/** A content type from a key's extension (the local folder keeps no metadata). */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
