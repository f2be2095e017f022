import type { Provider } from '@nestjs/common';
import path from 'node:path';
import { IngestionConfig } from '../ingestion.config';
import { LocalObjectStorage } from './local-object-storage';
import { OBJECT_STORAGE } from './object-storage';
import { S3ObjectStorage } from './s3-object-storage';

/** The adapter OBJECT_STORAGE names: a folder (standalone's default) or an S3 bucket. */
export const objectStorageProvider: Provider = {
  provide: OBJECT_STORAGE,
  inject: [IngestionConfig],
  useFactory: (config: IngestionConfig) => {
    if (config.OBJECT_STORAGE === 's3') {
      if (!config.S3_BUCKET) throw new Error('OBJECT_STORAGE=s3 needs S3_BUCKET');
      return new S3ObjectStorage({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      });
    }
    return new LocalObjectStorage(
      path.resolve(config.OBJECT_STORAGE_DIR ?? path.join(config.BACKTALK_DATA_DIR, 'objects')),
    );
  },
};
