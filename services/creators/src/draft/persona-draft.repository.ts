import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { StoredDraft } from './draft-rules';
import { PersonaDraftEntity } from './persona-draft.entity';

/** A creator's draft (docs/creators.md, "Drafts, preview and publish"); every method names the creator. */
@Injectable()
export class PersonaDraftRepository {
  constructor(
    @InjectRepository(PersonaDraftEntity) private readonly drafts: Repository<PersonaDraftEntity>,
  ) {}

  find(creatorId: string): Promise<PersonaDraftEntity | null> {
    return this.drafts.findOneBy({ creatorId });
  }

  /** Stores the draft, or deletes it when nothing is pending (null). */
  async put(creatorId: string, draft: StoredDraft | null, updatedBy: string): Promise<void> {
    if (!draft) {
      await this.drafts.delete({ creatorId });
      return;
    }
    await this.drafts.upsert({ creatorId, ...draft, updatedBy, updatedAt: new Date() }, ['creatorId']);
  }
}
