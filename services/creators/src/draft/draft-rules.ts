import type { BoundaryInput, PersonaDefinition, PersonaDraft } from '@backtalk/proto';

/** What a draft row holds: each part null while it is the published one. */
export interface StoredDraft {
  creatorPrompt: string | null;
  boundaries: BoundaryInput[] | null;
}

/** A boundary as compared and stored: an empty decline is the default decline. */
function normalised(list: readonly BoundaryInput[]): BoundaryInput[] {
  return list.map(({ topic, decline }) => (decline ? { topic, decline } : { topic }));
}

/** Same topics with the same declines in the same order (order is how the creator lists them). */
export function sameBoundaries(a: readonly BoundaryInput[], b: readonly BoundaryInput[]): boolean {
  return JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));
}

/**
 * The draft after a save: a part the save names replaces the draft's; a part equal to the
 * published one drops out. Null: nothing is left to publish (the row goes).
 */
export function draftAfterSave(
  published: PersonaDefinition,
  stored: StoredDraft | null,
  change: Partial<PersonaDefinition>,
): StoredDraft | null {
  const creatorPrompt = change.creatorPrompt ?? stored?.creatorPrompt ?? null;
  const boundaries = change.boundaries ?? stored?.boundaries ?? null;
  const next: StoredDraft = {
    creatorPrompt: creatorPrompt !== null && creatorPrompt !== published.creatorPrompt ? creatorPrompt : null,
    boundaries:
      boundaries !== null && !sameBoundaries(boundaries, published.boundaries)
        ? normalised(boundaries)
        : null,
  };
  return next.creatorPrompt === null && next.boundaries === null ? null : next;
}

/**
 * What publishing changes: only the parts that still differ from the published ones (a rollback
 * or an API save may have published the same text meanwhile).
 */
export function publishPlan(
  published: PersonaDefinition,
  stored: StoredDraft | null,
): Partial<PersonaDefinition> {
  const pending = draftAfterSave(published, stored, {});
  return {
    ...(pending?.creatorPrompt != null ? { creatorPrompt: pending.creatorPrompt } : {}),
    ...(pending?.boundaries != null ? { boundaries: pending.boundaries } : {}),
  };
}

/** The draft as the creator sees it: the published definition with the pending parts applied. */
export function draftView(
  creatorId: string,
  published: PersonaDefinition,
  stored: StoredDraft | null,
  updatedAt: Date | null,
): PersonaDraft {
  const pending = draftAfterSave(published, stored, {});
  return {
    creatorId,
    published,
    draft: {
      creatorPrompt: pending?.creatorPrompt ?? published.creatorPrompt,
      boundaries: pending?.boundaries ?? published.boundaries,
    },
    changed: { creatorPrompt: pending?.creatorPrompt != null, boundaries: pending?.boundaries != null },
    updatedAt: pending ? (updatedAt?.toISOString() ?? null) : null,
  };
}
