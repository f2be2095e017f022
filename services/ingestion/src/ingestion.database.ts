import { AccountErasureEntity, DurableMessageEntity, type ServiceDatabase } from '@backtalk/kit';
import { DataExportProfileEntity } from './content/data-export-profile.entity';
import { IngestJobEntity } from './ingest-job/ingest-job.entity';
import { TikTokAuthorizationEntity, TikTokConnectionEntity } from './tiktok/tiktok-connection.entity';
import { MediaObjectEntity } from './media-object/media-object.entity';
import { PostEmbeddingEntity } from './post-embedding/post-embedding.entity';
import { migrations } from './migrations';

export const ingestionDatabase: ServiceDatabase = {
  schema: 'ingestion',
  entities: [
    IngestJobEntity,
    MediaObjectEntity,
    PostEmbeddingEntity,
    DataExportProfileEntity,
    TikTokConnectionEntity,
    TikTokAuthorizationEntity,
    // Deleted accounts whose creator data is erased after its term (docs/retention.md).
    AccountErasureEntity,
    // Standalone mode's durable queue (creator initialisation and re-sync jobs).
    DurableMessageEntity,
  ],
  migrations,
};
