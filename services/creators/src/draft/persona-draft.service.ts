import { Injectable } from '@nestjs/common';
import { DurableQueue } from '@backtalk/kit';
import type { Actor, PersonaDefinition, PersonaDraft } from '@backtalk/proto';
import { BoundaryRepository } from '../boundary/boundary.repository';
import type { CreatorEntity } from '../creator/creator.entity';
import { CreatorError } from '../creator/creator.errors';
import { CreatorRepository } from '../creator/creator.repository';
import { announcePersonaChanged } from '../creator/persona-changed.announcement';
import { CreatorPromptVersionRepository } from '../prompt/creator-prompt-version.repository';
import { draftAfterSave, draftView, publishPlan, type StoredDraft } from './draft-rules';
import { PersonaDraftRepository } from './persona-draft.repository';

/**
 * Drafts, preview and publish (docs/creators.md): prompt and boundary changes made on
 * /creator/tools wait here until the creator publishes them; fans get the published persona
 * until then. Only the caller's own creator profile: no request names another creator.
 * Publishing the prompt saves a prompt version like any save, so versions and rollback stay.
 */
@Injectable()
export class PersonaDraftService {
  constructor(
    private readonly creators: CreatorRepository,
    private readonly boundaries: BoundaryRepository,
    private readonly versions: CreatorPromptVersionRepository,
    private readonly drafts: PersonaDraftRepository,
    private readonly queue: DurableQueue,
  ) {}

  async get(actor: Actor): Promise<PersonaDraft> {
    return this.view(await this.own(actor));
  }

  async save(actor: Actor, change: Partial<PersonaDefinition>): Promise<PersonaDraft> {
    const creator = await this.own(actor);
    const published = await this.published(creator);
    await this.drafts.put(
      creator.id,
      draftAfterSave(published, await this.stored(creator.id), change),
      actor.userId,
    );
    return this.view(creator);
  }

  async publish(actor: Actor): Promise<PersonaDraft> {
    const creator = await this.own(actor);
    const plan = publishPlan(await this.published(creator), await this.stored(creator.id));
    if (plan.creatorPrompt !== undefined)
      await this.versions.append(creator.id, plan.creatorPrompt, actor.userId);
    if (plan.boundaries !== undefined && !(await this.boundaries.replace(creator.id, plan.boundaries)))
      throw CreatorError.notFound();
    // chat-inference's replicas drop their copy of the persona (docs/architecture.md).
    if (plan.creatorPrompt !== undefined || plan.boundaries !== undefined)
      await announcePersonaChanged(this.queue, creator.id);
    // A save that landed while publishing stays a draft if it still differs.
    const fresh = await this.creators.findById(creator.id);
    if (!fresh) throw CreatorError.notFound();
    await this.drafts.put(
      creator.id,
      draftAfterSave(await this.published(fresh), await this.stored(creator.id), {}),
      actor.userId,
    );
    return this.view(fresh);
  }

  async discard(actor: Actor): Promise<PersonaDraft> {
    const creator = await this.own(actor);
    await this.drafts.put(creator.id, null, actor.userId);
    return this.view(creator);
  }

  private async own(actor: Actor): Promise<CreatorEntity> {
    const creator =
      actor.userType === 'authenticated' ? await this.creators.findByUserId(actor.userId) : null;
    if (!creator) throw CreatorError.notACreator();
    return creator;
  }

  private async published(creator: CreatorEntity): Promise<PersonaDefinition> {
    const list = await this.boundaries.list(creator.id);
    return {
      creatorPrompt: creator.creatorPrompt,
      boundaries: list.map(({ topic, decline }) => (decline ? { topic, decline } : { topic })),
    };
  }

  private async stored(creatorId: string): Promise<StoredDraft | null> {
    return this.drafts.find(creatorId);
  }

  private async view(creator: CreatorEntity): Promise<PersonaDraft> {
    const row = await this.drafts.find(creator.id);
    return draftView(creator.id, await this.published(creator), row, row?.updatedAt ?? null);
  }
}
