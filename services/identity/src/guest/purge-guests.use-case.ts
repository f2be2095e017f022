import { Injectable, Logger } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { Events } from '@backtalk/proto';
import { IdentityConfig } from '../identity.config';
import { GuestRepository } from './guest.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Guests deleted per statement (and per event), so one run never holds many locks. */
const PURGE_BATCH = 500;

/**
 * Issue 7 item 11: guests are free, so unconverted ones would pile up without
 * bound. Deletes guests inactive for GUEST_RETENTION_DAYS (by last activity,
 * else creation). Each purged guest is recorded as a deleted account, which the
 * retention job announces durably to the services holding its data (its chats and
 * free-tier usage are erased on the deleted-account term, docs/retention.md); each
 * batch is also announced as the `identity.guest.purged` event.
 */
@Injectable()
export class PurgeGuests {
  private readonly logger = new Logger(PurgeGuests.name);

  constructor(
    private readonly guests: GuestRepository,
    private readonly client: ServiceClient,
    private readonly config: IdentityConfig,
  ) {}

  /** The ids purged by this run. */
  async execute(now = new Date()): Promise<string[]> {
    const cutoff = new Date(now.getTime() - this.config.GUEST_RETENTION_DAYS * DAY_MS);
    const purged: string[] = [];
    for (;;) {
      const batch = await this.guests.purgeInactive(cutoff, PURGE_BATCH, now);
      if (batch.length === 0) break;
      purged.push(...batch);
      // The tombstones above carry the durable announcement; this event only tells listeners early.
      await this.client
        .emit(Events.IdentityGuestPurged, { userIds: batch })
        .catch((error: unknown) => this.logger.warn(`Could not announce purged guests: ${String(error)}`));
      if (batch.length < PURGE_BATCH) break;
    }
    if (purged.length > 0) {
      this.logger.log(
        `Purged ${purged.length} guest(s) inactive for ${this.config.GUEST_RETENTION_DAYS} days`,
      );
    }
    return purged;
  }
}
