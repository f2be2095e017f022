import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { IngestionConfig } from '../ingestion.config';
import { ResyncRounds } from './resync-rounds';

/**
 * Item 5 (spec §7 checkTiktokAllCreatorsFunc): every RESYNC_INTERVAL_MINUTES, a re-sync round (one
 * job per initialised creator who is not a demo account). The round and run ids are derived from the
 * interval's slot, so replicas that tick together publish the same job (deduplicated by the
 * queue and by ingest_jobs' unique key) and a creator is never synced twice in one slot.
 */
@Injectable()
export class ResyncScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ResyncScheduler.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: IngestionConfig,
    private readonly rounds: ResyncRounds,
  ) {}

  onApplicationBootstrap(): void {
    const minutes = this.config.RESYNC_INTERVAL_MINUTES;
    if (minutes === 0) return;
    this.timer = setInterval(
      () =>
        void this.syncAll().catch((error: unknown) =>
          this.logger.warn(`Re-sync round failed: ${String(error)}`),
        ),
      minutes * 60_000,
    );
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Queues one re-sync per initialised creator for the current slot; answers how many. */
  async syncAll(now = Date.now()): Promise<number> {
    const slot = Math.floor(now / (Math.max(1, this.config.RESYNC_INTERVAL_MINUTES) * 60_000));
    const round = await this.rounds.start(uuidFrom(`resync-round:${slot}`), (creatorId) =>
      uuidFrom(`resync:${creatorId}:${slot}`),
    );
    this.logger.log(`Re-sync round (slot ${slot}): ${round.runs.length} creators queued`);
    return round.runs.length;
  }
}

/** A name-based UUID (version 5 layout over SHA-256's first bytes). */
function uuidFrom(name: string): string {
  const bytes = createHash('sha256').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
