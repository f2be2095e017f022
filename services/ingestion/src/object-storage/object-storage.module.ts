import { Module } from '@nestjs/common';
import { OBJECT_STORAGE } from './object-storage';
import { objectStorageProvider } from './object-storage.provider';

/** The configured object storage (OBJECT_STORAGE), one per application: the pipeline writes, retention erases. */
@Module({
  providers: [objectStorageProvider],
  exports: [OBJECT_STORAGE],
})
export class ObjectStorageModule {}
