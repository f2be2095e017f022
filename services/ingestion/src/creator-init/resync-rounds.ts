import { Injectable } from '@nestjs/common';
import { DurableQueue, NotFoundError, ServiceClient } from '@backtalk/kit';
import { DurableSubjects, type ResyncRoundReply, Subjects } from '@backtalk/proto';
import { IngestJobRepository } from '../ingest-job/ingest-job.repository';

/**
 * A re-sync round (spec §7 checkTiktokAllCreatorsFunc): one re-sync job per initialised creator
 * who is not a demo account, all under one round id, so their progress can be read together. Each
 * run's `ingest_jobs` row is written `queued` before its message is published; the job marks it
 * running and then succeeded or failed. Writing and publishing are keyed by creator and run, so a
 * round started twice with the same run ids queues each creator once.
 */
@Injectable()
export class ResyncRounds {
  constructor(
    private readonly client: ServiceClient,
    private readonly queue: DurableQueue,
    private readonly jobs: IngestJobRepository,
  ) {}

  /** Queues the round; `runIdFor` names each creator's run. Answers the round as it now stands. */
  async start(roundId: string, runIdFor: (creatorId: string) => string): Promise<ResyncRoundReply> {
    const { creators } = await this.client.request(Subjects.CreatorsCreatorList, { demoAccount: false });
    for (const creator of creators.filter((candidate) => candidate.initComplete)) {
      const runId = runIdFor(creator.id);
      await this.jobs.insertOnce({
        idempotencyKey: `resync:${creator.id}:${runId}`,
        kind: 'resync',
        creatorId: creator.id,
        runId,
        roundId,
        handle: creator.handle,
        owner: creator.userId,
        state: 'queued',
        step: 1,
      });
      await this.queue.publish(
        DurableSubjects.IngestionCreatorResyncRequested,
        { creatorId: creator.id, runId, userId: creator.userId, handle: creator.handle },
        { dedupeId: `creator-resync:${creator.id}:${runId}` },
      );
    }
    return this.progress(roundId);
  }

  /** Where each run of a round is; an empty round answers an empty list. */
  async progress(roundId: string): Promise<ResyncRoundReply> {
    const jobs = await this.jobs.inRound(roundId);
    const runs = jobs.map((job) => ({
      creatorId: job.creatorId,
      handle: job.handle ?? '',
      runId: job.runId ?? job.id,
      state: job.state,
      newPosts: job.newPosts,
      error: job.state === 'failed' ? job.error : null,
      updatedAt: job.updatedAt.toISOString(),
    }));
    return {
      roundId,
      runs,
      finished: runs.every((run) => run.state === 'succeeded' || run.state === 'failed'),
    };
  }

  /** A round someone started: 404 when no run has this round id. */
  async get(roundId: string): Promise<ResyncRoundReply> {
    const round = await this.progress(roundId);
    if (round.runs.length === 0) throw new NotFoundError('No re-sync round with this id was found.');
    return round;
  }
}
