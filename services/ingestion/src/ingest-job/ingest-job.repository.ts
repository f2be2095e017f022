import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { IngestJobEntity } from './ingest-job.entity';

/** What a new job row is given; the rest takes its column's default. */
type NewIngestJob = Pick<
  IngestJobEntity,
  'idempotencyKey' | 'kind' | 'creatorId' | 'runId' | 'owner' | 'state' | 'step'
> &
  Partial<Pick<IngestJobEntity, 'roundId' | 'handle'>>;

/** What a running job records as it goes. */
type IngestJobProgress = Partial<
  Pick<IngestJobEntity, 'state' | 'step' | 'error' | 'newPosts' | 'essencePrompt'>
>;

/** `ingest_jobs`: one row per creator run (init or re-sync), keyed by its idempotency key. */
@Injectable()
export class IngestJobRepository {
  constructor(@InjectRepository(IngestJobEntity) private readonly jobs: Repository<IngestJobEntity>) {}

  /** Writes the row unless one with its idempotency key exists (a redelivery or a repeated round). */
  async insertOnce(job: NewIngestJob): Promise<void> {
    await this.jobs.createQueryBuilder().insert().values(job).orIgnore().execute();
  }

  /** The run's row: written now, or the one an earlier delivery wrote (which is resumed). */
  async claim(job: NewIngestJob): Promise<IngestJobEntity> {
    await this.insertOnce(job);
    return this.jobs.findOneByOrFail({ idempotencyKey: job.idempotencyKey });
  }

  async record(id: string, progress: IngestJobProgress): Promise<void> {
    await this.jobs.update({ id }, progress);
  }

  /** The essence a run generated (step 6), read again by a later delivery. */
  async essenceOf(id: string): Promise<string | null> {
    return (await this.jobs.findOneByOrFail({ id })).essencePrompt;
  }

  /** A re-sync round's runs, by handle. */
  inRound(roundId: string): Promise<IngestJobEntity[]> {
    return this.jobs.find({ where: { roundId }, order: { handle: 'ASC', creatorId: 'ASC' } });
  }
}
