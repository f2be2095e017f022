import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { TikTokConnections } from './tiktok-connections';

/** The caller's TikTok connection; every subject acts for the actor (or, at the finish, the state's user). */
@Controller()
export class TikTokController {
  constructor(private readonly connections: TikTokConnections) {}

  @MessagePattern(Subjects.IngestionTikTokConnectStart)
  start(
    @Payload() { actor, redirectUri }: ParsedRequestOf<typeof Subjects.IngestionTikTokConnectStart>,
  ): Promise<ReplyOf<typeof Subjects.IngestionTikTokConnectStart>> {
    return this.connections.start(actor.userId, redirectUri);
  }

  /** TikTok's redirect back: the user is the one the state was issued to, never one the request names. */
  @MessagePattern(Subjects.IngestionTikTokConnectFinish)
  finish(
    @Payload()
    { params, binding, redirectUri }: ParsedRequestOf<typeof Subjects.IngestionTikTokConnectFinish>,
  ): Promise<ReplyOf<typeof Subjects.IngestionTikTokConnectFinish>> {
    return this.connections.finish(params, binding, redirectUri);
  }

  @MessagePattern(Subjects.IngestionTikTokConnectionGet)
  get(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.IngestionTikTokConnectionGet>,
  ): Promise<ReplyOf<typeof Subjects.IngestionTikTokConnectionGet>> {
    return this.connections.get(actor.userId);
  }

  @MessagePattern(Subjects.IngestionTikTokConnectionDelete)
  async remove(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.IngestionTikTokConnectionDelete>,
  ): Promise<ReplyOf<typeof Subjects.IngestionTikTokConnectionDelete>> {
    return { deleted: await this.connections.remove(actor.userId) };
  }
}
