import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import {
  assertStorageKey,
  assertStoragePrefix,
  type ObjectStorage,
  type StoredObject,
} from './object-storage';

export interface S3ObjectStorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (versitygw, MinIO, …); unset for AWS. */
  endpoint?: string | undefined;
  /** Path-style addressing (`endpoint/bucket/key`), which most S3-compatible servers need. */
  forcePathStyle?: boolean;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

/** Cluster and Kubernetes mode's object storage: one S3 bucket through `@aws-sdk/client-s3`. */
export class S3ObjectStorage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3ObjectStorageOptions) {
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    };
    this.client = new S3Client(config);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertStorageKey(key);
    try {
      const reply = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      const bytes = await reply.Body!.transformToByteArray();
      return { body: Buffer.from(bytes), contentType: reply.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertStoragePrefix(prefix);
    const keys = await this.list(prefix);
    // DeleteObjects takes at most 1000 keys a request.
    for (let at = 0; at < keys.length; at += 1000) {
      const reply = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.options.bucket,
          Delete: { Objects: keys.slice(at, at + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = reply.Errors ?? [];
      if (failed.length > 0)
        throw new Error(
          `S3 did not delete ${failed.length} object(s) under ${prefix}: ${failed[0]!.Code ?? ''} ${failed[0]!.Message ?? ''}`,
        );
    }
    return keys.length;
  }

  close(): void {
    this.client.destroy();
  }
}
