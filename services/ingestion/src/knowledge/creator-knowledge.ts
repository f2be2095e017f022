import { Inject, Injectable, Logger } from '@nestjs/common';
import { ServiceClient, ServiceError } from '@backtalk/kit';
import { ErrorCode, type KnowledgeSource, Subjects } from '@backtalk/proto';
import { OBJECT_STORAGE, type ObjectStorage } from '../object-storage/object-storage';

/** Where a creator's corrected answers and notes are kept as persona material (spec §9 `customai-kb/`). */
const knowledgeFolder = (creatorId: string) => `customai-kb/${creatorId}/knowledge/`;

/**
 * Ingestion's side of what the persona may know (docs/creators.md, "Knowledge"): it reads the
 * creator's corrected answers, notes and post exclusions from creators (their owner), keeps the
 * answers and notes under `customai-kb/<creatorId>/knowledge/` (one JSON object in a folder of its
 * own each; the folders of entries that are gone are deleted) and tells creators how far re-indexing got.
 */
@Injectable()
export class CreatorKnowledge {
  private readonly logger = new Logger(CreatorKnowledge.name);

  constructor(
    private readonly client: ServiceClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** The creator's knowledge, or undefined when creators answers that the creator does not exist. */
  async load(creatorId: string): Promise<KnowledgeSource | undefined> {
    try {
      return await this.client.request(Subjects.CreatorsKnowledgeSource, { creatorId });
    } catch (error) {
      if (error instanceof ServiceError && error.code === ErrorCode.CreatorNotFound) return undefined;
      throw error;
    }
  }

  /** Writes every answer and note under the creator's folder and deletes the objects of those gone. */
  async store(knowledge: KnowledgeSource): Promise<void> {
    const folder = knowledgeFolder(knowledge.creatorId);
    const keep = new Set<string>();
    const write = async (key: string, value: unknown) => {
      keep.add(key);
      await this.storage.put(key, Buffer.from(JSON.stringify(value, null, 2)), 'application/json');
    };
    for (const answer of knowledge.answers) await write(`${folder}answers/${answer.id}/answer.json`, answer);
    for (const note of knowledge.notes) await write(`${folder}notes/${note.id}/note.json`, note);
    // Each entry has a folder of its own, so deleting that folder takes exactly the entry's object.
    const gone = (await this.storage.list(folder)).filter((key) => !keep.has(key));
    for (const key of gone) await this.storage.deletePrefix(key.slice(0, key.lastIndexOf('/') + 1));
  }

  /** Tells creators how far indexing this version got; a failed report only delays the page's progress. */
  async report(knowledge: KnowledgeSource, done: number, total: number): Promise<void> {
    await this.client
      .request(Subjects.CreatorsKnowledgeIndexRecord, {
        creatorId: knowledge.creatorId,
        version: knowledge.version,
        done,
        total,
      })
      .catch((error: unknown) =>
        this.logger.warn(`Could not report indexing progress of ${knowledge.creatorId}: ${String(error)}`),
      );
  }
}
