import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PostEntity } from '../post/post.entity';
import {
  CorrectedAnswerEntity,
  KnowledgeIndexEntity,
  KnowledgeNoteEntity,
  PostExclusionEntity,
} from './knowledge.entity';
import { acceptsReport, type IndexProgress } from './knowledge.rules';

export interface AnswerInput {
  question: string;
  answer: string;
}
export interface NoteInput {
  title: string;
  text: string;
}
export interface PostWithExclusion {
  post: PostEntity;
  excluded: boolean;
}

/** Saved, or why not: the entry is not this creator's, or the creator has as many as allowed. */
export type SaveOutcome<T> = T | 'not-found' | 'full';

/**
 * A creator's corrected answers, notes, post exclusions and re-indexing progress
 * (docs/creators.md, "Knowledge"). Every method names the creator, and an entry of another
 * creator is never read or changed.
 */
@Injectable()
export class KnowledgeRepository {
  constructor(
    @InjectRepository(CorrectedAnswerEntity) private readonly answers: Repository<CorrectedAnswerEntity>,
    @InjectRepository(KnowledgeNoteEntity) private readonly notes: Repository<KnowledgeNoteEntity>,
    @InjectRepository(PostExclusionEntity) private readonly exclusions: Repository<PostExclusionEntity>,
    @InjectRepository(KnowledgeIndexEntity) private readonly progressRows: Repository<KnowledgeIndexEntity>,
    @InjectRepository(PostEntity) private readonly posts: Repository<PostEntity>,
  ) {}

  /** Newest change first. */
  listAnswers(creatorId: string): Promise<CorrectedAnswerEntity[]> {
    return this.answers.find({ where: { creatorId }, order: { updatedAt: 'DESC', id: 'ASC' } });
  }

  listNotes(creatorId: string): Promise<KnowledgeNoteEntity[]> {
    return this.notes.find({ where: { creatorId }, order: { updatedAt: 'DESC', id: 'ASC' } });
  }

  /** The creator's posts, newest first, each with whether the persona may use it. */
  async listPosts(creatorId: string): Promise<PostWithExclusion[]> {
    const [posts, excluded] = await Promise.all([
      this.posts.find({ where: { creatorId }, order: { tikTokCreatedAt: 'DESC', awemeId: 'DESC' } }),
      this.excludedPostIds(creatorId),
    ]);
    const set = new Set(excluded);
    return posts.map((post) => ({ post, excluded: set.has(post.id) }));
  }

  async excludedPostIds(creatorId: string): Promise<string[]> {
    const rows = await this.exclusions.find({ where: { creatorId }, select: { postId: true } });
    return rows.map((row) => row.postId);
  }

  saveAnswer(
    creatorId: string,
    id: string | undefined,
    input: AnswerInput,
    maxCount: number,
  ): Promise<SaveOutcome<CorrectedAnswerEntity>> {
    return this.save(this.answers, CorrectedAnswerEntity, creatorId, id, input, maxCount);
  }

  saveNote(
    creatorId: string,
    id: string | undefined,
    input: NoteInput,
    maxCount: number,
  ): Promise<SaveOutcome<KnowledgeNoteEntity>> {
    return this.save(this.notes, KnowledgeNoteEntity, creatorId, id, input, maxCount);
  }

  async deleteAnswer(creatorId: string, id: string): Promise<boolean> {
    return ((await this.answers.delete({ creatorId, id })).affected ?? 0) > 0;
  }

  async deleteNote(creatorId: string, id: string): Promise<boolean> {
    return ((await this.notes.delete({ creatorId, id })).affected ?? 0) > 0;
  }

  /** Excludes or includes one of the creator's posts; false when the post is not the creator's. */
  async setExcluded(creatorId: string, postId: string, excluded: boolean): Promise<boolean> {
    if (!(await this.posts.existsBy({ id: postId, creatorId }))) return false;
    if (excluded) await this.exclusions.upsert({ postId, creatorId }, ['postId']);
    else await this.exclusions.delete({ postId, creatorId });
    return true;
  }

  /** Counts one more knowledge change and answers the new version (one statement: changes never share one). */
  async bumpVersion(creatorId: string): Promise<number> {
    const rows: Array<{ version: number }> = await this.progressRows.query(
      `INSERT INTO "creators"."creator_knowledge_index" ("creatorId", "version") VALUES ($1, 1)
       ON CONFLICT ("creatorId") DO UPDATE SET "version" = "creator_knowledge_index"."version" + 1, "updatedAt" = now()
       RETURNING "version"`,
      [creatorId],
    );
    return rows[0].version;
  }

  progress(creatorId: string): Promise<KnowledgeIndexEntity | null> {
    return this.progressRows.findOneBy({ creatorId });
  }

  /**
   * Records how far ingestion got with a version; a late report of an older version is dropped
   * (`acceptsReport`). The row is locked so two reports never interleave.
   */
  async recordProgress(creatorId: string, report: IndexProgress & { complete: boolean }): Promise<boolean> {
    return this.progressRows.manager.transaction(async (manager) => {
      const stored = await manager.findOne(KnowledgeIndexEntity, {
        where: { creatorId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!stored || !acceptsReport(stored, report)) return false;
      await manager.update(
        KnowledgeIndexEntity,
        { creatorId },
        {
          indexedVersion: report.complete ? report.version : stored.indexedVersion,
          done: report.done,
          total: report.total,
        },
      );
      return true;
    });
  }

  private async save<E extends CorrectedAnswerEntity | KnowledgeNoteEntity>(
    repository: Repository<E>,
    entity: new () => E,
    creatorId: string,
    id: string | undefined,
    input: AnswerInput | NoteInput,
    maxCount: number,
  ): Promise<SaveOutcome<E>> {
    return repository.manager.transaction(async (manager) => {
      if (id) {
        const existing = await manager.findOne(entity, { where: { id, creatorId } as never });
        if (!existing) return 'not-found';
        return manager.save(manager.merge(entity, existing, input as never));
      }
      // Counted under the creator's advisory lock, so two adds never pass the limit together.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`knowledge:${creatorId}`]);
      if ((await manager.count(entity, { where: { creatorId } as never })) >= maxCount) return 'full';
      return manager.save(manager.create(entity, { creatorId, ...input } as never));
    });
  }
}
