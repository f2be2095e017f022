import { billingService } from '@backtalk/billing';
import { chatInferenceService } from '@backtalk/chat-inference';
import { creatorsService } from '@backtalk/creators';
import { featureFlagsService } from '@backtalk/feature-flags';
import { DurableQueue } from '@backtalk/kit';
import { DurableSubjects, ErrorCode, Subjects } from '@backtalk/proto';
import {
  startServicesInProcess,
  type InProcessServices,
  type TestDatabase,
  waitFor,
} from '@backtalk/testing';
import { createSystemTestDatabase } from './service-databases';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { firstValueFrom, toArray } from 'rxjs';
import { repoRoot } from './processes';
import { stripeEvent } from './stripe-events';

/**
 * Issue 8 item 4: billing alone owns a creator's payment state. Creators' replies and
 * chat-inference's gate ("This creator is not taking chats yet") both ask billing.
 */
const SERVICES = [creatorsService, billingService, featureFlagsService, chatInferenceService];

describe('payment facts have one owner: billing', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let sql: Client;
  const creatorId = randomUUID();
  const fan = { userId: randomUUID(), userType: 'authenticated' as const, groups: [] };

  beforeAll(async () => {
    database = await createSystemTestDatabase('payment-facts');
    services = await startServicesInProcess(SERVICES, {
      DATABASE_URL: database.url,
      LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
      LLM_THREADS: '1',
    });
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    // A creator who is not a demo account (none can be created over the API yet).
    await sql.query(
      `INSERT INTO creators.creators (id, owner, "userId", "tiktokURL", handle, "creatorPrompt")
       VALUES ($1, $2, $2, 'https://www.tiktok.com/@pay.test', $3, 'Be brief.')`,
      [creatorId, randomUUID(), `pay.test.${creatorId.slice(0, 8)}`],
    );
  });
  afterAll(async () => {
    await sql?.end();
    await services?.close();
    await database?.drop();
  });

  const setOnboarded = (onboardingComplete: boolean) =>
    sql.query(
      `INSERT INTO billing.stripe_accounts ("creatorId", "stripeAccountId", "onboardingComplete")
       VALUES ($1, 'acct_test', $2)
       ON CONFLICT ("creatorId") DO UPDATE SET "onboardingComplete" = $2`,
      [creatorId, onboardingComplete],
    );

  const send = async () => {
    const conversation = await services.client.request(Subjects.ChatConversationOpen, {
      actor: fan,
      creatorId,
    });
    return firstValueFrom(
      services.client
        .stream(Subjects.ChatMessageSend, {
          actor: fan,
          conversationId: conversation.id,
          content: [{ text: 'Hello there' }],
        })
        .pipe(toArray()),
    );
  };

  it("keeps no payment columns in creators' table", async () => {
    const { rows } = await sql.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'creators' AND table_name = 'creators'`,
    );
    const columns = rows.map((row: { column_name: string }) => row.column_name);
    expect(columns).not.toEqual(expect.arrayContaining(['stripeAccountId']));
    // The price too (issue 21 item 12): billing's creator_prices is the one a fan pays.
    expect(columns.filter((name) => /stripe|onboarding|price/i.test(name))).toEqual([]);
  });

  it("shows the creator's onboarding state as billing has it", async () => {
    await expect(
      services.client.request(Subjects.CreatorsCreatorGet, { id: creatorId }),
    ).resolves.toMatchObject({
      onboardingComplete: false,
    });
    await setOnboarded(true);
    await expect(
      services.client.request(Subjects.CreatorsCreatorGet, { id: creatorId }),
    ).resolves.toMatchObject({
      onboardingComplete: true,
    });
    await setOnboarded(false);
  });

  it('lets fans chat only once billing says onboarding is complete', async () => {
    await expect(send()).rejects.toMatchObject({
      code: ErrorCode.Forbidden,
      message: 'This creator is not taking chats yet. Check back once they have finished setting up.',
    });
    // Stripe says the account is ready: billing records it and announces it (chat-inference keeps a
    // copy of the answer, docs/architecture.md "Facts a send reads from other services").
    const event = stripeEvent('account.updated', Math.floor(Date.now() / 1000), {
      id: 'acct_test',
      object: 'account',
      charges_enabled: true,
      details_submitted: true,
    });
    await services.apps[SERVICES.indexOf(billingService)]!.get(DurableQueue).publish(
      DurableSubjects.BillingStripeEventReceived,
      event as never,
      { dedupeId: String(event['id']) },
    );
    const events = await waitFor(() => send().catch(() => undefined), {
      timeoutMs: 20_000,
      what: 'a send once billing has the account onboarded',
    });
    expect(events.at(-1)).toMatchObject({ stopReason: expect.any(String) });
  });
});
