import { api, bodyOf } from './client';
import type { Schemas } from './types';

// What personas remember about the fan (issue 24 item 2): the fan's own list, per creator.

export type FanMemories = Schemas['MemoryListResponse'];
export type FanMemory = FanMemories['memories'][number];

export async function listMemories(
  creatorId: string | undefined,
  signal?: AbortSignal,
): Promise<FanMemories> {
  return bodyOf(
    await api.GET('/api/memories', { params: { query: creatorId ? { creatorId } : {} }, signal }),
  );
}

export async function updateMemory(memoryId: string, text: string): Promise<FanMemory> {
  return bodyOf(
    await api.PATCH('/api/memories/{memoryId}', { params: { path: { memoryId } }, body: { text } }),
  );
}

export async function deleteMemory(memoryId: string): Promise<void> {
  bodyOf(await api.DELETE('/api/memories/{memoryId}', { params: { path: { memoryId } } }));
}

export async function forgetMemories(creatorId: string | undefined): Promise<void> {
  bodyOf(await api.DELETE('/api/memories', { params: { query: creatorId ? { creatorId } : {} } }));
}

export async function setMemoryEnabled(enabled: boolean): Promise<{ enabled: boolean }> {
  return bodyOf(await api.PUT('/api/memories/settings', { body: { enabled } }));
}
