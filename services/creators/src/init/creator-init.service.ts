import { Injectable, Logger } from '@nestjs/common';
import { DurableQueue, ServiceClient, type Transaction, UnitOfWork } from '@backtalk/kit';
import {
  type Actor,
  CREATOR_INIT_LAST_STEP,
  CREATOR_INIT_STATUSES,
  DurableSubjects,
  type InitStatus,
  type PostUpsert,
  isAdmin,
} from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import type { CreatorEntity } from '../creator/creator.entity';
import { CreatorError } from '../creator/creator.errors';
import { CreatorRepository } from '../creator/creator.repository';
import { announcePersonaChanged } from '../creator/persona-changed.announcement';
import type { CreatorInitStatusEntity } from '../init-status/creator-init-status.entity';
import { CreatorInitStatusRepository } from '../init-status/creator-init-status.repository';
import { PostRepository } from '../post/post.repository';
import { announcePostsChanged } from '../post/posts-changed.announcement';
import { isCurrentRun, recordedInitStep, startsNewRun } from './init-run';

/**
 * The creators side of the initialisation pipeline (docs/creators.md, "Initialisation
 * pipeline"): creators owns CreatorInitStatus, Creator and Post, so it starts runs (and hands
 * them to ingestion's durable queue), records each step a run reaches, and stores what the run
 * produced. Only the newest run of a creator may write: an older one learns it was replaced.
 */
@Injectable()
export class CreatorInitService {
  private readonly logger = new Logger(CreatorInitService.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly creators: CreatorRepository,
    private readonly statuses: CreatorInitStatusRepository,
    private readonly posts: PostRepository,
    private readonly queue: DurableQueue,
    private readonly client: ServiceClient,
  ) {}

  /**
   * Starts the caller's run (or, with `creatorId`, that creator's: its owner's, or a demo
   * account's for an admin), or answers the one under way; a failed run is retried as a new run.
   */
  async start(actor: Actor, creatorId?: string): Promise<InitStatus> {
    if (actor.userType !== 'authenticated') throw CreatorError.guestsCannotVerify();
    const target = await this.startable(actor, creatorId);
    return this.unitOfWork.run(async (transaction) => {
      const creator = await this.lock(transaction, target.id);
      const newest = await this.statuses.newest(creator.id, transaction);
      if (!startsNewRun(creator.initComplete, newest)) return toStatus(creator, newest);
      return this.startRun(transaction, creator);
    });
  }

  /**
   * A new run of `creator`, inside the caller's transaction: its first status row, and the job
   * on ingestion's durable queue. Published before the commit: if the commit fails, the run is
   * not current and the job stops at its first report.
   */
  async startRun(transaction: Transaction, creator: CreatorEntity): Promise<InitStatus> {
    const runId = randomUUID();
    const row = await this.statuses.add(transaction, {
      owner: creator.userId,
      creatorId: creator.id,
      runId,
      step: 0,
      status: CREATOR_INIT_STATUSES[0],
      state: 'running',
      error: null,
    });
    await this.queue.publish(
      DurableSubjects.IngestionCreatorInitRequested,
      { creatorId: creator.id, runId, userId: creator.userId, handle: creator.handle },
      { dedupeId: `creator-init:${creator.id}:${runId}` },
    );
    this.logger.log(`Creator ${creator.id} initialisation run ${runId} started`);
    return toStatus(creator, row);
  }

  /** Spec §6 as narrowed in docs/creators.md: the creator themself, or an admin. */
  async status(actor: Actor, creatorId: string | undefined): Promise<InitStatus> {
    const creator = await this.readable(actor, creatorId);
    const newest = await this.statuses.newest(creator.id);
    // A run's completed row and the creator's initComplete are written in one transaction; a creator
    // read before that commit and a row read after it disagree, so the creator is read again then.
    if (newest?.state === 'completed' && !creator.initComplete)
      return toStatus((await this.creators.findById(creator.id)) ?? creator, newest);
    return toStatus(creator, newest);
  }

  /** A run reached `step` (or failed at it); the last step completes the creator. */
  async record(input: {
    creatorId: string;
    runId: string;
    step: number;
    state: 'running' | 'failed' | 'completed';
    error?: string | undefined;
  }): Promise<{ current: boolean }> {
    const { current, completed } = await this.unitOfWork.run(async (transaction) => {
      const creator = await this.lock(transaction, input.creatorId);
      const recorded = recordedInitStep(await this.statuses.newest(creator.id, transaction), input);
      if (!recorded.current) return { current: false, completed: false };
      await this.statuses.add(transaction, {
        owner: creator.userId,
        creatorId: creator.id,
        runId: input.runId,
        step: input.step,
        status: CREATOR_INIT_STATUSES[input.step],
        state: recorded.state,
        error: recorded.error,
      });
      if (recorded.completesCreator)
        await this.creators.updateInitialised(transaction, creator.id, { initComplete: true });
      return { current: true, completed: recorded.completesCreator };
    });
    // Committed: chat-inference's copies of the persona learn that fans may now chat.
    if (completed) await announcePersonaChanged(this.queue, input.creatorId);
    return { current };
  }

  /** The profile the run read and the essence it generated; the creator's own prompt is kept. */
  async saveProfile(input: {
    creatorId: string;
    runId: string;
    nickName: string;
    bio: string;
    thumb: string;
    essencePrompt: string;
  }): Promise<{ current: boolean }> {
    const saved = await this.unitOfWork.run(async (transaction) => {
      const creator = await this.lock(transaction, input.creatorId);
      if (!isCurrentRun(await this.statuses.newest(creator.id, transaction), input.runId))
        return { current: false };
      await this.creators.updateInitialised(transaction, creator.id, {
        nickName: input.nickName || creator.nickName,
        bio: input.bio,
        thumb: input.thumb || creator.thumb,
        essencePrompt: input.essencePrompt,
      });
      return { current: true };
    });
    // Committed: the name, avatar and essence chat-inference's copies hold changed.
    if (saved.current) await announcePersonaChanged(this.queue, input.creatorId);
    return saved;
  }

  /**
   * Inserts new posts and updates changed ones, keyed by creator and awemeId (a unique index):
   * storing the same posts again changes nothing. Announces the change for the post index.
   */
  async upsertPosts(creatorId: string, posts: PostUpsert[]): Promise<{ inserted: number; total: number }> {
    const creator = await this.creators.findById(creatorId);
    if (!creator) throw CreatorError.notFound();
    const before = await this.posts.countOf(creatorId);
    await this.posts.upsertMany(
      posts.map((post) => ({
        ...post,
        owner: creator.userId,
        creatorId,
        tikTokCreatedAt: new Date(post.tikTokCreatedAt),
      })),
    );
    const total = await this.posts.countOf(creatorId);
    await announcePostsChanged(
      { queue: this.queue, client: this.client, logger: this.logger },
      creatorId,
      `version:${await this.posts.version(creatorId)}`,
    );
    return { inserted: total - before, total };
  }

  /** Who may ask for a re-sync of a creator now: its owner, or an admin. */
  async resyncTarget(actor: Actor, creatorId: string | undefined): Promise<CreatorEntity> {
    const creator = await this.readable(actor, creatorId);
    if (!creator.initComplete) throw CreatorError.initIncomplete();
    return creator;
  }

  private async startable(actor: Actor, creatorId: string | undefined): Promise<CreatorEntity> {
    if (creatorId === undefined) {
      const own = await this.creators.findByUserId(actor.userId);
      if (!own) throw CreatorError.notACreator();
      return own;
    }
    const creator = await this.creators.findById(creatorId);
    if (!creator) throw CreatorError.notFound();
    if (creator.userId !== actor.userId && !(isAdmin(actor) && creator.demoAccount))
      throw CreatorError.notYourInitStatus();
    return creator;
  }

  private async readable(actor: Actor, creatorId: string | undefined): Promise<CreatorEntity> {
    if (creatorId === undefined) {
      const own = await this.creators.findByUserId(actor.userId);
      if (!own) throw CreatorError.notACreator();
      return own;
    }
    const creator = await this.creators.findById(creatorId);
    if (!creator) throw CreatorError.notFound();
    if (creator.userId !== actor.userId && !isAdmin(actor)) throw CreatorError.notYourInitStatus();
    return creator;
  }

  private async lock(transaction: Transaction, creatorId: string): Promise<CreatorEntity> {
    const creator = await this.creators.findForUpdate(transaction, creatorId);
    if (!creator) throw CreatorError.notFound();
    return creator;
  }
}

function toStatus(creator: CreatorEntity, row: CreatorInitStatusEntity | null): InitStatus {
  if (!row) {
    const step = creator.initComplete ? CREATOR_INIT_LAST_STEP : 0;
    return {
      creatorId: creator.id,
      runId: null,
      step,
      status: CREATOR_INIT_STATUSES[step],
      state: creator.initComplete ? 'completed' : 'idle',
      error: null,
      initComplete: creator.initComplete,
      updatedAt: null,
    };
  }
  return {
    creatorId: creator.id,
    runId: row.runId,
    step: row.step,
    status: CREATOR_INIT_STATUSES[row.step] ?? row.status,
    state: row.state,
    error: row.error,
    initComplete: creator.initComplete,
    updatedAt: row.updatedAt.toISOString(),
  };
}
