import type { PasskeySummary } from '@backtalk/proto';
import type { PasskeyEntity } from './passkey.entity';

export function toPasskeySummary(passkey: PasskeyEntity): PasskeySummary {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    backedUp: passkey.backedUp,
  };
}

/** Credential descriptors as the contract types them (WebAuthn has the one type 'public-key'). */
export function publicKeyDescriptors(
  descriptors: { id: string; transports?: string[] }[] | undefined,
): { id: string; type: 'public-key'; transports?: string[] }[] | undefined {
  return descriptors?.map(({ id, transports }) => ({
    id,
    type: 'public-key',
    ...(transports ? { transports } : {}),
  }));
}
