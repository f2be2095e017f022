import { describeNeeding, startVersitygw, type Versitygw, versitygwProblem } from '@backtalk/testing';
import { objectStorageContract } from './object-storage.contract';
import { S3ObjectStorage } from './s3-object-storage';

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
