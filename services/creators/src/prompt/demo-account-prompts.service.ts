import { Injectable } from '@nestjs/common';
import { DurableQueue, safeAvatarSource, ServiceError } from '@backtalk/kit';
import { type Actor, type DemoAccount, ErrorCode, isAdmin } from '@backtalk/proto';
import type { CreatorEntity } from '../creator/creator.entity';
import { CreatorError } from '../creator/creator.errors';
import { CreatorRepository } from '../creator/creator.repository';
import { announcePersonaChanged } from '../creator/persona-changed.announcement';
import { CreatorPromptVersionRepository } from './creator-prompt-version.repository';

/**
 * /admin/demo-accounts (spec §2, §6 Admin): admins list the demo creators with their prompts and
 * edit them. A save is a prompt version like a creator's own (CreatorPromptVersionRepository).
 */
@Injectable()
export class DemoAccountPromptsService {
  constructor(
    private readonly creators: CreatorRepository,
    private readonly versions: CreatorPromptVersionRepository,
    private readonly queue: DurableQueue,
  ) {}

  async list(actor: Actor): Promise<DemoAccount[]> {
    assertAdmin(actor);
    const demos = await this.creators.list({ demoAccount: true });
    return Promise.all(demos.map((creator) => this.reply(creator)));
  }

  async updatePrompt(actor: Actor, creatorId: string, creatorPrompt: string): Promise<DemoAccount> {
    assertAdmin(actor);
    const creator = await this.creators.findById(creatorId);
    if (!creator?.demoAccount) {
      throw new ServiceError(ErrorCode.CreatorNotFound, 'There is no demo account with this id.');
    }
    await this.versions.append(creator.id, creatorPrompt, actor.userId);
    await announcePersonaChanged(this.queue, creator.id);
    const saved = await this.creators.findById(creator.id);
    if (!saved) throw CreatorError.notFound();
    return this.reply(saved);
  }

  private async reply(creator: CreatorEntity): Promise<DemoAccount> {
    const versions = await this.versions.list(creator.id);
    return {
      creatorId: creator.id,
      handle: creator.handle,
      nickName: creator.nickName,
      thumb: safeAvatarSource(creator.thumb),
      tiktokURL: creator.tiktokURL,
      creatorPrompt: creator.creatorPrompt,
      promptVersions: versions.length,
      promptUpdatedAt: versions[0]?.createdAt.toISOString() ?? null,
      createdAt: creator.createdAt.toISOString(),
    };
  }
}

function assertAdmin(actor: Actor): void {
  if (!isAdmin(actor) || actor.userType !== 'authenticated') {
    throw new ServiceError(ErrorCode.Forbidden, 'Only admins can see and edit demo accounts.');
  }
}
