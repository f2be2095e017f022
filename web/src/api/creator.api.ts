import { ApiError } from './api-error';
import { readEventStream } from './sse';
import { api, bodyOf } from './client';
import type { components } from './schema';

type Schemas = components['schemas'];
export type VerificationKeyReply = Schemas['VerificationKeyResponse'];
export type VerificationKeyCreateReply = Schemas['VerificationKeyCreateResponse'];
export type VerificationCheckReply = Schemas['VerificationCheckResponse'];
export type ContentProviders = Schemas['ContentProvidersResponse'];
export type CreatorPrompt = Schemas['CreatorPromptResponse'];
export type CreatorPost = Schemas['PostListResponse']['posts'][number];
type Creator = Schemas['CreatorResponse'];

/** The creator profile the signed-in user owns, or null when they are not a creator. */
export async function getMyCreator(signal?: AbortSignal): Promise<Creator | null> {
  try {
    return bodyOf(await api.GET('/api/creator/me', { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function listCreatorPosts(creatorId: string, signal?: AbortSignal): Promise<CreatorPost[]> {
  return bodyOf(await api.GET('/api/creators/{id}/posts', { params: { path: { id: creatorId } }, signal }))
    .posts;
}

export async function getVerificationKey(signal?: AbortSignal): Promise<VerificationKeyReply> {
  return bodyOf(await api.GET('/api/creator/verification-key', { signal }));
}

export async function createVerificationKey(tikTokUserId: string): Promise<VerificationKeyCreateReply> {
  return bodyOf(await api.POST('/api/creator/verification-key', { body: { tikTokUserId } }));
}

export async function checkVerification(): Promise<VerificationCheckReply> {
  return bodyOf(await api.POST('/api/creator/verification'));
}

export async function getContentProviders(signal?: AbortSignal): Promise<ContentProviders> {
  return bodyOf(await api.GET('/api/creator/content-providers', { signal }));
}

export async function getCreatorPrompt(signal?: AbortSignal): Promise<CreatorPrompt> {
  return bodyOf(await api.GET('/api/creator/prompt', { signal }));
}

export async function saveCreatorPrompt(creatorPrompt: string): Promise<CreatorPrompt> {
  return bodyOf(await api.PUT('/api/creator/prompt', { body: { creatorPrompt } }));
}

export async function rollbackCreatorPrompt(versionId: string): Promise<CreatorPrompt> {
  return bodyOf(await api.POST('/api/creator/prompt/rollback', { body: { versionId } }));
}

export type ImportedProfile = Schemas['DataExportImportResponse'];

export async function importDataExport(archive: string): Promise<ImportedProfile> {
  return bodyOf(await api.POST('/api/creator/data-export', { body: { archive } }));
}

export type CreatorInitStatus = Schemas['CreatorInitStatusResponse'];

/** Starts the caller's creator initialisation (or answers the run under way; a failed one is retried). */
export async function startCreatorInit(): Promise<CreatorInitStatus> {
  return bodyOf(await api.POST('/api/creator/init'));
}

/**
 * Follows the caller's init status (or, with `creatorId`, that creator's: an admin follows a demo
 * account's) live (Server-Sent Events) until the server ends the stream after a completed or
 * failed status; every change reaches `onStatus`.
 */
export async function followCreatorInit(
  onStatus: (status: CreatorInitStatus) => void,
  signal?: AbortSignal,
  creatorId?: string,
): Promise<void> {
  const { response } = await api.GET('/api/creator/init/events', {
    params: { query: creatorId ? { creatorId } : {} },
    headers: { Accept: 'text/event-stream' },
    parseAs: 'stream',
    signal,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? 'Could not follow the setup progress.');
  }
  await readEventStream(
    response,
    (event) => {
      if (event.event === 'status') onStatus(JSON.parse(event.data) as CreatorInitStatus);
      if (event.event === 'error') throw new Error((JSON.parse(event.data) as { message: string }).message);
    },
    signal,
  );
}

export type TikTokConnection = Schemas['TikTokConnectionResponse'];

/** The caller's TikTok connection (the TikTok API provider), or `{connection: null}`. */
export async function getTikTokConnection(signal?: AbortSignal): Promise<TikTokConnection> {
  return bodyOf(await api.GET('/api/creator/tiktok/connection', { signal }));
}

/** TikTok's authorize URL for the caller; the browser goes there next (the server set a binding cookie). */
export async function startTikTokConnection(): Promise<string> {
  return bodyOf(await api.POST('/api/creator/tiktok/connect')).authorizationUrl;
}

export async function disconnectTikTok(): Promise<boolean> {
  return bodyOf(await api.DELETE('/api/creator/tiktok/connection')).deleted;
}
