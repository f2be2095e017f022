import type { BoundaryInput } from '@backtalk/proto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CreatorEntity } from '../creator/creator.entity';
import { BoundaryEntity } from './boundary.entity';

/** A creator's boundaries (docs/safety.md, "Creator boundaries"); every method names the creator. */
@Injectable()
export class BoundaryRepository {
  constructor(@InjectRepository(BoundaryEntity) private readonly boundaries: Repository<BoundaryEntity>) {}

  /** In the creator's order. */
  list(creatorId: string): Promise<BoundaryEntity[]> {
    return this.boundaries.find({ where: { creatorId }, order: { position: 'ASC' } });
  }

  /**
   * Replaces the creator's list in one transaction, the creator's row locked so two saves never
   * interleave. A topic kept (same words, letter case aside) keeps its id, so a reply judged
   * against the old list still names a boundary that exists. Returns the new list, or null when
   * the creator does not exist.
   */
  async replace(creatorId: string, list: readonly BoundaryInput[]): Promise<BoundaryEntity[] | null> {
    return this.boundaries.manager.transaction(async (manager) => {
      const creator = await manager.findOne(CreatorEntity, {
        where: { id: creatorId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!creator) return null;
      const before = await manager.find(BoundaryEntity, { where: { creatorId } });
      const byTopic = new Map(before.map((entry) => [entry.topic.toLowerCase(), entry]));
      const kept = new Set<string>();
      const saved: BoundaryEntity[] = [];
      for (const [position, input] of list.entries()) {
        const existing = byTopic.get(input.topic.toLowerCase());
        if (existing) kept.add(existing.id);
        saved.push(
          await manager.save(
            manager.create(BoundaryEntity, {
              ...(existing ? { id: existing.id, createdAt: existing.createdAt } : {}),
              creatorId,
              position,
              topic: input.topic,
              decline: input.decline ? input.decline : null,
            }),
          ),
        );
      }
      const gone = before.filter((entry) => !kept.has(entry.id)).map((entry) => entry.id);
      if (gone.length > 0) await manager.delete(BoundaryEntity, gone);
      return saved;
    });
  }
}
