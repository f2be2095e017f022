import { ApiError } from './api-error';
import { api, bodyOf } from './client';
import type { Creator } from './types';

export async function listCreators(signal?: AbortSignal): Promise<Creator[]> {
  return bodyOf(await api.GET('/api/creators', { signal })).creators;
}

export async function getFeaturedCreator(signal?: AbortSignal): Promise<Creator> {
  return bodyOf(await api.GET('/api/creators/featured', { signal }));
}

/** The creator whose tiktokURL ends with this handle (case-insensitive), or null when there is none. */
export async function findCreatorByHandle(handle: string, signal?: AbortSignal): Promise<Creator | null> {
  try {
    return bodyOf(
      await api.GET('/api/creators/by-handle/{handle}', { params: { path: { handle } }, signal }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function getCreator(id: string, signal?: AbortSignal): Promise<Creator> {
  return bodyOf(await api.GET('/api/creators/{id}', { params: { path: { id } }, signal }));
}
