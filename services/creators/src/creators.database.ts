import { AccountErasureEntity, DurableMessageEntity, type ServiceDatabase } from '@backtalk/kit';
import { BoundaryEntity } from './boundary/boundary.entity';
import { CreatorEntity } from './creator/creator.entity';
import { DigestKeyEntity, DigestSendEntity, DigestSettingEntity } from './digest/digest.entity';
import { PersonaDraftEntity } from './draft/persona-draft.entity';
import {
  CorrectedAnswerEntity,
  KnowledgeIndexEntity,
  KnowledgeNoteEntity,
  PostExclusionEntity,
} from './knowledge/knowledge.entity';
import { CreatorInitStatusEntity } from './init-status/creator-init-status.entity';
import { PostEntity } from './post/post.entity';
import { CreatorPromptVersionEntity } from './prompt/creator-prompt-version.entity';
import { CreatorVerificationKeyEntity } from './verification-key/creator-verification-key.entity';
import { migrations } from './migrations';

export const creatorsDatabase: ServiceDatabase = {
  schema: 'creators',
  entities: [
    CreatorEntity,
    PostEntity,
    CreatorVerificationKeyEntity,
    CreatorInitStatusEntity,
    CreatorPromptVersionEntity,
    BoundaryEntity,
    DigestSettingEntity,
    DigestSendEntity,
    DigestKeyEntity,
    PersonaDraftEntity,
    CorrectedAnswerEntity,
    KnowledgeNoteEntity,
    PostExclusionEntity,
    KnowledgeIndexEntity,
    // Retention (docs/retention.md): deleted accounts to erase, and the standalone durable queue they arrive by.
    AccountErasureEntity,
    DurableMessageEntity,
  ],
  migrations,
};
