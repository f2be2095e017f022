import { billingService } from '@backtalk/billing';
import { chatInferenceService } from '@backtalk/chat-inference';
import { creatorsService } from '@backtalk/creators';
import { featureFlagsService } from '@backtalk/feature-flags';
import { identityService } from '@backtalk/identity';
import { ingestionService } from '@backtalk/ingestion';
import type { ServiceDefinition } from '@backtalk/kit';
import { createTestDatabase, type TestDatabase } from '@backtalk/testing';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

/** Every service that owns a schema (the gateway has none). */
export const servicesWithSchemas: ServiceDefinition[] = [
  identityService,
  creatorsService,
  ingestionService,
  chatInferenceService,
  billingService,
  featureFlagsService,
];

/**
 * A database of the test file's own with every service's schema migrated,
 * copied from one template that all system tests share, whichever services
 * they boot (in process or as real processes).
 */
export function createSystemTestDatabase(label: string): Promise<TestDatabase> {
  return createTestDatabase(label, { migratedFor: servicesWithSchemas });
}

/**
 * A client of the embedded PostgreSQL a standalone app started in `dataDir` runs (its port is
 * in the cluster's postmaster.pid), to look at what the app stored.
 */
export async function connectToStandaloneDatabase(dataDir: string): Promise<Client> {
  const pid = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const client = new Client({
    host: '127.0.0.1',
    port: Number(pid[3]),
    user: 'backtalk',
    password: 'backtalk',
    database: 'backtalk',
  });
  await client.connect();
  return client;
}

/**
 * Hands one of a standalone's demo creators to a signed-up user, who is a creator from then on:
 * fans reach its chat without Stripe onboarding, and the user sees its studio.
 */
export async function handDemoCreatorTo(
  db: Client,
  handle: string,
  userId: string,
): Promise<{ id: string; nickName: string }> {
  const [creator] = (
    await db.query(`UPDATE creators.creators SET "userId" = $1 WHERE handle = $2 RETURNING id, "nickName"`, [
      userId,
      handle,
    ])
  ).rows as { id: string; nickName: string }[];
  if (!creator) throw new Error(`no creator @${handle} to hand over`);
  await db.query(`UPDATE identity.users SET "isCreator" = true WHERE id = $1`, [userId]);
  return creator;
}
