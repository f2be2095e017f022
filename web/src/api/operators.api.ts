import { api, bodyOf, publicApi } from './client';
import type { Schemas } from './types';

// The admin and developer pages (spec §2 /admin/*, /dev/*): demo accounts, the configuration
// with its secrets masked, and the session as the gateway sees it.

export type DemoAccount = Schemas['DemoAccountResponse'];
export type DemoAccountList = Schemas['DemoAccountListResponse'];
export type EnvVars = Schemas['EnvVarsResponse'];
export type AuthTest = Schemas['AuthTestResponse'];

export async function listDemoAccounts(signal?: AbortSignal): Promise<DemoAccountList> {
  return bodyOf(await api.GET('/api/admin/demo-accounts', { signal }));
}

export async function updateDemoAccountPrompt(
  creatorId: string,
  creatorPrompt: string,
): Promise<DemoAccount> {
  return bodyOf(
    await api.PUT('/api/admin/demo-accounts/{creatorId}/prompt', {
      params: { path: { creatorId } },
      body: { creatorPrompt },
    }),
  );
}

export type DemoInitStatus = Schemas['CreatorInitStatusResponse'];

/**
 * Makes a demo creator of a TikTok profile link and starts its initialisation (admins only);
 * answers the run's first status. 404 PROFILE_NOT_FOUND for a profile no provider knows, 409
 * CREATOR_ALREADY_EXISTS for one that is a creator already.
 */
export async function createDemoAccount(tiktokURL: string): Promise<DemoInitStatus> {
  return bodyOf(await api.POST('/api/admin/demo-accounts', { body: { tiktokURL } }));
}

/** Starts a demo creator's initialisation again after a failed run (or answers the run under way). */
export async function startDemoAccountInit(creatorId: string): Promise<DemoInitStatus> {
  return bodyOf(
    await api.POST('/api/admin/demo-accounts/{creatorId}/init', { params: { path: { creatorId } } }),
  );
}

export async function getEnvVars(signal?: AbortSignal): Promise<EnvVars> {
  return bodyOf(await api.GET('/api/dev/env-vars', { signal }));
}

/** The session's claims; `withoutToken` sends none, which the gateway must answer with 401. */
export async function getAuthTest({ withoutToken = false } = {}): Promise<AuthTest> {
  return bodyOf(await (withoutToken ? publicApi : api).GET('/api/dev/auth-test'));
}

export type Outbox = Schemas['OutboxResponse'];

/** Standalone's development outbox (loopback clients only; 404 elsewhere). */
export async function getOutbox(signal?: AbortSignal): Promise<Outbox> {
  return bodyOf(await publicApi.GET('/api/dev/outbox', { params: { query: { limit: 100 } }, signal }));
}

export type CreatorData = Schemas['CreatorDataResponse'];
export type ResyncRound = Schemas['ResyncRoundResponse'];

/** /dev/creator-init's 'Get User Data': what the providers read for a handle; nothing is stored. */
export async function getCreatorData(handle: string): Promise<CreatorData> {
  return bodyOf(await api.POST('/api/dev/creator-data', { body: { handle } }));
}

/** /dev/test-essence (spec §7 testEssenceGenerationFunc({content})). */
export async function testEssence(content: string): Promise<string> {
  return bodyOf(await api.POST('/api/dev/test-essence', { body: { content } })).essence;
}

/** /dev/check-all-tiktok: re-syncs every initialised creator now. */
export async function startResyncRound(): Promise<ResyncRound> {
  return bodyOf(await api.POST('/api/dev/check-all-tiktok'));
}

export async function getResyncRound(roundId: string, signal?: AbortSignal): Promise<ResyncRound> {
  return bodyOf(
    await api.GET('/api/dev/check-all-tiktok/{roundId}', { params: { path: { roundId } }, signal }),
  );
}
