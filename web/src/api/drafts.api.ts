import { api, bodyOf } from './client';
import type { Schemas } from './types';

// Drafts, preview and publish (docs/creators.md): prompt and boundary changes wait in a draft
// until the creator publishes them on /creator/preview; the preview answers store nothing.

export type PersonaDraft = Schemas['PersonaDraftResponse'];
export type PersonaDraftChange = Schemas['PersonaDraftSaveBody'];
export type PreviewAnswer = Schemas['PreviewAskResponse'];
export type PreviewQuestion = Schemas['PreviewAskBody'];

export async function getPersonaDraft(signal?: AbortSignal): Promise<PersonaDraft> {
  return bodyOf(await api.GET('/api/creator/draft', { signal }));
}

export async function savePersonaDraft(change: PersonaDraftChange): Promise<PersonaDraft> {
  return bodyOf(await api.PUT('/api/creator/draft', { body: change }));
}

export async function publishPersonaDraft(): Promise<PersonaDraft> {
  return bodyOf(await api.POST('/api/creator/draft/publish'));
}

export async function discardPersonaDraft(): Promise<PersonaDraft> {
  return bodyOf(await api.DELETE('/api/creator/draft'));
}

export async function askPreview(question: PreviewQuestion): Promise<PreviewAnswer> {
  return bodyOf(await api.POST('/api/creator/preview', { body: question }));
}
