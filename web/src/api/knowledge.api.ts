import { api, bodyOf } from './client';
import type { Schemas } from './types';

// What the persona may know (docs/creators.md, "Knowledge"): corrected answers, notes and post
// exclusions on /creator/knowledge. Every change answers the whole knowledge.

export type Knowledge = Schemas['KnowledgeResponse'];
export type KnowledgePost = Knowledge['posts'][number];
export type CorrectedAnswerInput = Schemas['CorrectedAnswerBody'];
export type KnowledgeNoteInput = Schemas['KnowledgeNoteBody'];

const base = '/api/creators/{creatorId}/knowledge' as const;

export async function getKnowledge(creatorId: string, signal?: AbortSignal): Promise<Knowledge> {
  return bodyOf(await api.GET(base, { params: { path: { creatorId } }, signal }));
}

export async function saveAnswer(
  creatorId: string,
  input: CorrectedAnswerInput,
  id?: string,
): Promise<Knowledge> {
  return bodyOf(
    id
      ? await api.PUT(`${base}/answers/{id}`, { params: { path: { creatorId, id } }, body: input })
      : await api.POST(`${base}/answers`, { params: { path: { creatorId } }, body: input }),
  );
}

export async function deleteAnswer(creatorId: string, id: string): Promise<Knowledge> {
  return bodyOf(await api.DELETE(`${base}/answers/{id}`, { params: { path: { creatorId, id } } }));
}

export async function saveNote(
  creatorId: string,
  input: KnowledgeNoteInput,
  id?: string,
): Promise<Knowledge> {
  return bodyOf(
    id
      ? await api.PUT(`${base}/notes/{id}`, { params: { path: { creatorId, id } }, body: input })
      : await api.POST(`${base}/notes`, { params: { path: { creatorId } }, body: input }),
  );
}

export async function deleteNote(creatorId: string, id: string): Promise<Knowledge> {
  return bodyOf(await api.DELETE(`${base}/notes/{id}`, { params: { path: { creatorId, id } } }));
}

export async function setPostExcluded(
  creatorId: string,
  postId: string,
  excluded: boolean,
): Promise<Knowledge> {
  return bodyOf(
    await api.PUT(`${base}/posts/{postId}`, { params: { path: { creatorId, postId } }, body: { excluded } }),
  );
}

export async function reindexKnowledge(creatorId: string): Promise<Knowledge> {
  return bodyOf(await api.POST(`${base}/reindex`, { params: { path: { creatorId } } }));
}
