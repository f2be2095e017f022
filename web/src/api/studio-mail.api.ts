import { api, bodyOf } from './client';
import type { Schemas } from './types';

export type PriceChangeList = Schemas['PriceChangeListResponse'];
export type DigestSetting = Schemas['DigestSettingResponse'];

/** The caller's price changes with their 30 days' notice (docs/billing.md, "Price changes with notice"). */
export async function listPriceChanges(signal?: AbortSignal): Promise<PriceChangeList> {
  return bodyOf(await api.GET('/api/billing/price/changes', { signal }));
}

export async function getDigestSetting(signal?: AbortSignal): Promise<DigestSetting> {
  return bodyOf(await api.GET('/api/digest/setting', { signal }));
}

export async function setDigestSetting(weeklyDigest: boolean): Promise<DigestSetting> {
  return bodyOf(await api.PUT('/api/digest/setting', { body: { weeklyDigest } }));
}

/** The digest email's link: no sign-in, the token is the credential. */
export async function unsubscribeFromDigest(token: string): Promise<DigestSetting> {
  return bodyOf(await api.POST('/api/digest/unsubscribe', { body: { token } }));
}
