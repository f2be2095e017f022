import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DurableQueue, ServiceError } from '@backtalk/kit';
import {
  type Actor,
  CORRECTED_ANSWER_MAX_COUNT,
  DurableSubjects,
  ErrorCode,
  type KnowledgeReply,
  NOTE_MAX_COUNT,
  type ParsedRequestOf,
  type ReplyOf,
  Subjects,
} from '@backtalk/proto';
import { CreatorError } from '../creator/creator.errors';
import { CreatorRepository } from '../creator/creator.repository';
import { toCorrectedAnswer, toKnowledgeNote, toKnowledgePost } from './knowledge.mapper';
import { KnowledgeRepository, type SaveOutcome } from './knowledge.repository';
import { indexingOf } from './knowledge.rules';

/**
 * What the persona may know (docs/creators.md, "Knowledge"), on /creator/knowledge: corrected
 * answers, notes and post exclusions, read and changed by the creator's own user only. Each
 * change applies at once (no draft): it counts a knowledge version and asks ingestion, durably,
 * to re-index the creator (`ingestion.creator-knowledge.changed`), which reports its progress
 * back (`creators.knowledge-index.record`).
 */
@Controller()
export class KnowledgeController {
  constructor(
    private readonly creators: CreatorRepository,
    private readonly knowledge: KnowledgeRepository,
    private readonly queue: DurableQueue,
  ) {}

  @MessagePattern(Subjects.CreatorsKnowledgeGet)
  async get(
    @Payload() { actor, creatorId }: ParsedRequestOf<typeof Subjects.CreatorsKnowledgeGet>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsKnowledgeGet>> {
    await this.assertOwner(actor, creatorId);
    return this.reply(creatorId);
  }

  @MessagePattern(Subjects.CreatorsCorrectedAnswerSave)
  async saveAnswer(
    @Payload()
    { actor, creatorId, id, question, answer }: ParsedRequestOf<typeof Subjects.CreatorsCorrectedAnswerSave>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsCorrectedAnswerSave>> {
    await this.assertOwner(actor, creatorId);
    checkSaved(
      await this.knowledge.saveAnswer(creatorId, id, { question, answer }, CORRECTED_ANSWER_MAX_COUNT),
      `You can keep up to ${CORRECTED_ANSWER_MAX_COUNT} corrected answers. Delete one before adding another.`,
    );
    return this.changed(creatorId);
  }

  @MessagePattern(Subjects.CreatorsCorrectedAnswerDelete)
  async deleteAnswer(
    @Payload() { actor, creatorId, id }: ParsedRequestOf<typeof Subjects.CreatorsCorrectedAnswerDelete>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsCorrectedAnswerDelete>> {
    await this.assertOwner(actor, creatorId);
    if (!(await this.knowledge.deleteAnswer(creatorId, id))) throw entryNotFound();
    return this.changed(creatorId);
  }

  @MessagePattern(Subjects.CreatorsKnowledgeNoteSave)
  async saveNote(
    @Payload()
    { actor, creatorId, id, title, text }: ParsedRequestOf<typeof Subjects.CreatorsKnowledgeNoteSave>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsKnowledgeNoteSave>> {
    await this.assertOwner(actor, creatorId);
    checkSaved(
      await this.knowledge.saveNote(creatorId, id, { title, text }, NOTE_MAX_COUNT),
      `You can keep up to ${NOTE_MAX_COUNT} notes. Delete one before adding another.`,
    );
    return this.changed(creatorId);
  }

  @MessagePattern(Subjects.CreatorsKnowledgeNoteDelete)
  async deleteNote(
    @Payload() { actor, creatorId, id }: ParsedRequestOf<typeof Subjects.CreatorsKnowledgeNoteDelete>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsKnowledgeNoteDelete>> {
    await this.assertOwner(actor, creatorId);
    if (!(await this.knowledge.deleteNote(creatorId, id))) throw entryNotFound();
    return this.changed(creatorId);
  }

  @MessagePattern(Subjects.CreatorsPostExclusionSet)
  async setExclusion(
    @Payload()
    { actor, creatorId, postId, excluded }: ParsedRequestOf<typeof Subjects.CreatorsPostExclusionSet>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsPostExclusionSet>> {
    await this.assertOwner(actor, creatorId);
    if (!(await this.knowledge.setExcluded(creatorId, postId, excluded)))
      throw new ServiceError(
        ErrorCode.NotFound,
        'This post was not found among your posts. Reload the page.',
      );
    return this.changed(creatorId);
  }

  /** Indexes the creator again as they are now (the page's "Re-index" button). */
  @MessagePattern(Subjects.CreatorsKnowledgeReindex)
  async reindex(
    @Payload() { actor, creatorId }: ParsedRequestOf<typeof Subjects.CreatorsKnowledgeReindex>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsKnowledgeReindex>> {
    await this.assertOwner(actor, creatorId);
    return this.changed(creatorId);
  }

  /** Internal: what ingestion indexes besides the posts, and the posts it leaves out. */
  @MessagePattern(Subjects.CreatorsKnowledgeSource)
  async source(
    @Payload() { creatorId }: ParsedRequestOf<typeof Subjects.CreatorsKnowledgeSource>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsKnowledgeSource>> {
    if (!(await this.creators.findById(creatorId))) throw CreatorError.notFound();
    const [answers, notes, excludedPostIds, progress] = await Promise.all([
      this.knowledge.listAnswers(creatorId),
      this.knowledge.listNotes(creatorId),
      this.knowledge.excludedPostIds(creatorId),
      this.knowledge.progress(creatorId),
    ]);
    return {
      creatorId,
      version: progress?.version ?? 0,
      answers: answers.map(toCorrectedAnswer),
      notes: notes.map(toKnowledgeNote),
      excludedPostIds,
    };
  }

  /** Internal: ingestion's progress with a knowledge version (`done` of `total` documents indexed). */
  @MessagePattern(Subjects.CreatorsKnowledgeIndexRecord)
  async record(
    @Payload()
    { creatorId, version, done, total }: ParsedRequestOf<typeof Subjects.CreatorsKnowledgeIndexRecord>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsKnowledgeIndexRecord>> {
    const recorded = await this.knowledge.recordProgress(creatorId, {
      version,
      indexedVersion: version,
      done,
      total,
      complete: done >= total,
    });
    return { recorded };
  }

  private async changed(creatorId: string): Promise<KnowledgeReply> {
    const version = await this.knowledge.bumpVersion(creatorId);
    await this.queue.publish(
      DurableSubjects.IngestionCreatorKnowledgeChanged,
      { creatorId, version },
      { dedupeId: `knowledge-changed:${creatorId}:${version}` },
    );
    return this.reply(creatorId);
  }

  private async reply(creatorId: string): Promise<KnowledgeReply> {
    const [answers, notes, posts, progress] = await Promise.all([
      this.knowledge.listAnswers(creatorId),
      this.knowledge.listNotes(creatorId),
      this.knowledge.listPosts(creatorId),
      this.knowledge.progress(creatorId),
    ]);
    return {
      creatorId,
      answers: answers.map(toCorrectedAnswer),
      notes: notes.map(toKnowledgeNote),
      posts: posts.map(toKnowledgePost),
      indexing: indexingOf(progress),
    };
  }

  private async assertOwner(actor: Actor, creatorId: string): Promise<void> {
    const creator = await this.creators.findById(creatorId);
    if (!creator) throw CreatorError.notFound();
    if (creator.userId !== actor.userId)
      throw new ServiceError(
        ErrorCode.Forbidden,
        'Only the creator can see and change what their persona knows.',
      );
  }
}

function entryNotFound(): ServiceError {
  return new ServiceError(
    ErrorCode.NotFound,
    'This entry was not found. Reload the page to see your knowledge.',
  );
}

function checkSaved<T>(outcome: SaveOutcome<T>, fullMessage: string): void {
  if (outcome === 'not-found') throw entryNotFound();
  if (outcome === 'full') throw new ServiceError(ErrorCode.Conflict, fullMessage);
}
