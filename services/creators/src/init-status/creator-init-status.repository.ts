import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { managerOf, type Transaction } from '@backtalk/kit';
import { Repository } from 'typeorm';
import { CreatorInitStatusEntity } from './creator-init-status.entity';

/** Creators' init statuses: one row per step a run reached; readers keep the newest. */
@Injectable()
export class CreatorInitStatusRepository {
  constructor(
    @InjectRepository(CreatorInitStatusEntity)
    private readonly statuses: Repository<CreatorInitStatusEntity>,
  ) {}

  /** The creator's newest status row, in the caller's transaction (under its lock) or on its own. */
  newest(creatorId: string, transaction?: Transaction): Promise<CreatorInitStatusEntity | null> {
    const manager = transaction ? managerOf(transaction) : this.statuses.manager;
    return manager.findOne(CreatorInitStatusEntity, {
      where: { creatorId },
      order: { updatedAt: 'DESC', step: 'DESC' },
    });
  }

  /** Records a step of a run in the caller's transaction; answers the stored row. */
  add(
    transaction: Transaction,
    status: Pick<
      CreatorInitStatusEntity,
      'owner' | 'creatorId' | 'runId' | 'step' | 'status' | 'state' | 'error'
    >,
  ): Promise<CreatorInitStatusEntity> {
    const manager = managerOf(transaction);
    return manager.save(manager.create(CreatorInitStatusEntity, status));
  }
}
