import { Injectable, Logger } from '@nestjs/common';
import { DurableHandler, type DurableHandlerOf, ServiceClient } from '@backtalk/kit';
import { DurableSubjects, Subjects } from '@backtalk/proto';
import { CreatorsConfig } from '../creators.config';
import { type DigestInsights, digestEmail } from './digest-email';
import { DigestRepository } from './digest.repository';
import { unsubscribeToken } from './unsubscribe-token';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * creators.weekly-digest.requested: composes one creator's digest of one week from what billing and
 * chat-inference answer and sends it through identity under the key `weekly-digest:<creator>:<week>`
 * (identity sends a key once). The week is then recorded, so a redelivery or a later round skips it.
 */
@Injectable()
export class SendWeeklyDigestConsumer {
  private readonly logger = new Logger(SendWeeklyDigestConsumer.name);

  constructor(
    private readonly digests: DigestRepository,
    private readonly client: ServiceClient,
    private readonly config: CreatorsConfig,
  ) {}

  @DurableHandler(DurableSubjects.CreatorsWeeklyDigestRequested)
  async handle(
    ...[{ creatorId, weekStart }]: Parameters<
      DurableHandlerOf<typeof DurableSubjects.CreatorsWeeklyDigestRequested>
    >
  ): Promise<void> {
    const from = new Date(weekStart);
    if (await this.digests.wasRecorded(creatorId, from)) return;
    const creator = await this.digests.creator(creatorId);
    if (!creator || !(await this.digests.weeklyDigest(creatorId))) return;
    const week = { from, to: new Date(from.getTime() + WEEK_MS) };
    const range = { creatorId, from: week.from.toISOString(), to: week.to.toISOString() };
    const [billing, chat, insights, secret] = await Promise.all([
      this.client.request(Subjects.BillingWeekFiguresGet, range),
      this.client.request(Subjects.ChatWeekFiguresGet, range),
      this.insights(creatorId),
      this.digests.secret(),
    ]);
    const { subject, text } = digestEmail({
      creatorName: creator.nickName || `@${creator.handle}`,
      week,
      billing,
      chat,
      insights,
      origin: (this.config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
      unsubscribeToken: unsubscribeToken(secret, creatorId),
    });
    const { sent } = await this.client.request(Subjects.IdentityMailSend, {
      userId: creator.userId,
      idempotencyKey: `weekly-digest:${creatorId}:${weekStart}`,
      subject,
      text,
    });
    await this.digests.record(creatorId, from, sent, new Date());
    this.logger.log(`Weekly digest of ${weekStart} for creator ${creatorId}: ${sent ? 'sent' : 'not sent'}`);
  }

  /** The week's top questions and video ideas; a digest goes out without them if they cannot be read. */
  private async insights(creatorId: string): Promise<DigestInsights | null> {
    try {
      return await this.client.request(Subjects.ChatInsightsDigestGet, { creatorId, weeks: 1, limit: 5 });
    } catch (error) {
      this.logger.warn(`Insights for the digest of creator ${creatorId} failed: ${String(error)}`);
      return null;
    }
  }
}
