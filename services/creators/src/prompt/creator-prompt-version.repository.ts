import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { CreatorEntity } from '../creator/creator.entity';
import { CreatorPromptVersionEntity } from './creator-prompt-version.entity';

/** How many versions the tools page lists (all are kept). */
const LISTED_VERSIONS = 50;

@Injectable()
export class CreatorPromptVersionRepository {
  constructor(
    @InjectRepository(CreatorPromptVersionEntity)
    private readonly versions: Repository<CreatorPromptVersionEntity>,
  ) {}

  /** Newest first. */
  list(creatorId: string): Promise<CreatorPromptVersionEntity[]> {
    return this.versions.find({ where: { creatorId }, order: { version: 'DESC' }, take: LISTED_VERSIONS });
  }

  findOfCreator(creatorId: string, id: string): Promise<CreatorPromptVersionEntity | null> {
    return this.versions.findOneBy({ creatorId, id });
  }

  /**
   * Saves `creatorPrompt` as the creator's prompt and as its next version, in one transaction
   * with the creator's row locked (concurrent saves get consecutive versions). The first save
   * keeps the prompt the creator had before as version 1, so it can be restored.
   */
  async append(creatorId: string, creatorPrompt: string, editedBy: string): Promise<void> {
    await this.versions.manager.transaction(async (manager: EntityManager) => {
      const creator = await manager.findOne(CreatorEntity, {
        where: { id: creatorId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!creator) return;
      let last = await manager.findOne(CreatorPromptVersionEntity, {
        where: { creatorId },
        order: { version: 'DESC' },
      });
      if (!last && creator.creatorPrompt) {
        last = await manager.save(
          manager.create(CreatorPromptVersionEntity, {
            creatorId,
            version: 1,
            creatorPrompt: creator.creatorPrompt,
            editedBy: 'system',
          }),
        );
      }
      await manager.save(
        manager.create(CreatorPromptVersionEntity, {
          creatorId,
          version: (last?.version ?? 0) + 1,
          creatorPrompt,
          editedBy,
        }),
      );
      await manager.update(CreatorEntity, { id: creatorId }, { creatorPrompt });
    });
  }
}
