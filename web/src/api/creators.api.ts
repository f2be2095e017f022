import { ApiError } from './api-error';
import { apiJson } from './http';
import type { Creator, Post } from './types';

export async function listCreators(signal?: AbortSignal): Promise<Creator[]> {
  const reply = await apiJson<{ creators: Creator[] }>('/creators', { signal });
  return reply.creators;
}

export function getFeaturedCreator(signal?: AbortSignal): Promise<Creator> {
  return apiJson<Creator>('/creators/featured', { signal });
}

/** The creator whose tiktokURL ends with this handle (case-insensitive), or null when there is none. */
export async function findCreatorByHandle(handle: string, signal?: AbortSignal): Promise<Creator | null> {
  try {
    return await apiJson<Creator>(`/creators/by-handle/${encodeURIComponent(handle)}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function listCreatorPosts(creatorId: string, signal?: AbortSignal): Promise<Post[]> {
  const reply = await apiJson<{ posts: Post[] }>(`/creators/${encodeURIComponent(creatorId)}/posts`, {
    signal,
  });
  return reply.posts;
}
