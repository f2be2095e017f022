import { Injectable } from '@nestjs/common';
import { DurableQueue } from '@backtalk/kit';
import { type Actor, type CreatorPrompt, isAdmin } from '@backtalk/proto';
import type { CreatorEntity } from '../creator/creator.entity';
import { CreatorError } from '../creator/creator.errors';
import { CreatorRepository } from '../creator/creator.repository';
import { announcePersonaChanged } from '../creator/persona-changed.announcement';
import { CreatorPromptVersionRepository } from './creator-prompt-version.repository';

/**
 * Spec §6: a creator reads and edits only their own prompt; an admin edits any demo creator's.
 * Every save is a new version (who, when); a rollback saves an earlier version's text as the
 * newest version, so the history is never rewritten.
 */
@Injectable()
export class CreatorPromptService {
  constructor(
    private readonly creators: CreatorRepository,
    private readonly versions: CreatorPromptVersionRepository,
    private readonly queue: DurableQueue,
  ) {}

  async get(actor: Actor, creatorId: string | undefined): Promise<CreatorPrompt> {
    return this.reply(await this.editable(actor, creatorId));
  }

  async update(actor: Actor, creatorId: string | undefined, creatorPrompt: string): Promise<CreatorPrompt> {
    const creator = await this.editable(actor, creatorId);
    await this.versions.append(creator.id, creatorPrompt, actor.userId);
    await announcePersonaChanged(this.queue, creator.id);
    return this.reply((await this.creators.findById(creator.id))!);
  }

  async rollback(actor: Actor, creatorId: string | undefined, versionId: string): Promise<CreatorPrompt> {
    const creator = await this.editable(actor, creatorId);
    const version = await this.versions.findOfCreator(creator.id, versionId);
    if (!version) throw CreatorError.promptVersionNotFound();
    await this.versions.append(creator.id, version.creatorPrompt, actor.userId);
    await announcePersonaChanged(this.queue, creator.id);
    return this.reply((await this.creators.findById(creator.id))!);
  }

  private async editable(actor: Actor, creatorId: string | undefined): Promise<CreatorEntity> {
    if (creatorId === undefined) {
      const own = await this.creators.findByUserId(actor.userId);
      if (!own || actor.userType !== 'authenticated') throw CreatorError.notACreator();
      return own;
    }
    const creator = await this.creators.findById(creatorId);
    if (!creator) throw CreatorError.notFound();
    const mine = creator.userId === actor.userId && actor.userType === 'authenticated';
    if (!mine && !(isAdmin(actor) && creator.demoAccount)) throw CreatorError.notYourCreator();
    return creator;
  }

  private async reply(creator: CreatorEntity): Promise<CreatorPrompt> {
    const versions = await this.versions.list(creator.id);
    return {
      creatorId: creator.id,
      creatorPrompt: creator.creatorPrompt,
      versions: versions.map((version) => ({
        id: version.id,
        version: version.version,
        creatorPrompt: version.creatorPrompt,
        editedBy: version.editedBy,
        createdAt: version.createdAt.toISOString(),
      })),
    };
  }
}
