import { api, bodyOf, publicApi } from './client';
import type { components } from './schema';

// The feature-flag admin (spec §4, §7) and the page's environment (spec §9). The gateway answers
// every session's reads; the feature-flags service lets admins write, in development only.

type Schemas = components['schemas'];
export type FeatureFlag = Schemas['FeatureFlagResponse'];
export type FeatureFlagList = Schemas['FeatureFlagListResponse'];
export type FeatureFlagCreateBody = Schemas['FeatureFlagCreateBody'];
export type PageEnvironment = Schemas['EnvironmentResponse'];

/** This page's environment and whether it gets the developer pages (decided by the gateway from its host). */
export async function getEnvironment(signal?: AbortSignal): Promise<PageEnvironment> {
  return bodyOf(await publicApi.GET('/api/environment', { signal }));
}

/** The deployment's environment and its flags, by name. */
export async function listFeatureFlags(signal?: AbortSignal): Promise<FeatureFlagList> {
  return bodyOf(await api.GET('/api/feature-flags', { signal }));
}

export async function createFeatureFlag(body: FeatureFlagCreateBody): Promise<FeatureFlag> {
  return bodyOf(await api.POST('/api/feature-flags', { body }));
}

export async function setFeatureFlag(id: string, enabled: boolean): Promise<FeatureFlag> {
  return bodyOf(await api.PATCH('/api/feature-flags/{id}', { params: { path: { id } }, body: { enabled } }));
}
