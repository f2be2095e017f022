import type { MigrationInterface, QueryRunner } from 'typeorm';
import { InterruptedReplies1795800000000 } from './1795800000000-InterruptedReplies';

const SEND_TURN_BEFORE = `"chat_inference"."send_turn"(uuid, uuid, uuid, uuid, jsonb, jsonb, timestamptz, boolean, integer, integer, text[], text[], integer[], integer, double precision)`;
const SEND_TURN = `"chat_inference"."send_turn"(uuid, uuid, uuid, uuid, jsonb, jsonb, timestamptz, boolean, integer, integer, text[], text[], integer[], integer, double precision, jsonb, jsonb)`;

/**
 * Issue 22: moderation of both directions (docs/safety.md, "Moderation in the chat"). Each message
 * keeps the verdict it was given — direction (`fan-message` or `persona-reply`), flagged,
 * categories and which moderator decided (never the text in a log) — and what kind it is: the
 * persona's `message`, a `safety-notice` answering a held-back fan message, or the `crisis-care`
 * card (with its resources in `care`). A reply moderation replaced keeps the safe message as its
 * content and the flagged text only in `moderationReviewText`; `flaggedAt` dates flagged content
 * kept for review (a held-back fan message, a replaced reply), which retention erases after
 * MODERATION_REVIEW_RETENTION_DAYS.
 *
 * `send_turn` takes the fan message's verdict (`p_verdict`: `{ flagged, categories, decidedBy }`,
 * NULL when no moderator checked it) and, for a message held back from the model, the notice that
 * answers it (`p_notice`: `{ kind, text, care }`). A held turn takes no free-tier allowance and no
 * place under the reply cap — it never reaches the model — and stores the notice as a complete
 * assistant message at once; it still takes the fan's lock, so it is ordered with their other sends.
 */
export class MessageModeration1795900000000 implements MigrationInterface {
  name = 'MessageModeration1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_inference"."messages" ADD "kind" text NOT NULL DEFAULT 'message'`);
    await queryRunner.query(`ALTER TABLE "chat_inference"."messages" ADD "care" jsonb`);
    await queryRunner.query(`ALTER TABLE "chat_inference"."messages" ADD "moderationDirection" text`);
    await queryRunner.query(`ALTER TABLE "chat_inference"."messages" ADD "moderationFlagged" boolean`);
    await queryRunner.query(`ALTER TABLE "chat_inference"."messages" ADD "moderationCategories" text array`);
    await queryRunner.query(`ALTER TABLE "chat_inference"."messages" ADD "moderationDecidedBy" text`);
    await queryRunner.query(`ALTER TABLE "chat_inference"."messages" ADD "moderationReviewText" text`);
    await queryRunner.query(`ALTER TABLE "chat_inference"."messages" ADD "flaggedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE INDEX "messages_flagged_at_idx" ON "chat_inference"."messages" ("flaggedAt") WHERE "flaggedAt" IS NOT NULL`,
    );
    await queryRunner.query(`DROP FUNCTION ${SEND_TURN_BEFORE}`);
    await queryRunner.query(`    CREATE FUNCTION "chat_inference"."send_turn"(
  p_owner uuid, p_conversation uuid, p_user_message uuid, p_assistant_message uuid,
  p_content jsonb, p_ai_context jsonb, p_created_at timestamptz,
  p_counted boolean, p_user_limit integer, p_window_seconds integer,
  p_scopes text[], p_keys text[], p_limits integer[],
  p_max_replies integer, p_stale_seconds double precision,
  p_verdict jsonb, p_notice jsonb
) RETURNS void LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  taken integer;
  refused text := '';
  never boolean := false;
  latest timestamptz;
  i integer;
  held boolean := p_notice IS NOT NULL;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('chat-send:' || p_owner::text, 0));
  IF p_counted AND NOT held THEN
    taken := NULL;
    IF p_user_limit > 0 THEN
      INSERT INTO "chat_inference"."user_rate_limits" AS current ("userId", "owner", "queryCount", "resetTime")
      VALUES (p_owner, p_owner, 1, now() + make_interval(secs => p_window_seconds))
      ON CONFLICT ("userId") DO UPDATE SET
        "queryCount" = CASE WHEN current."resetTime" <= now() THEN 1 ELSE current."queryCount" + 1 END,
        "resetTime" = CASE WHEN current."resetTime" <= now() THEN now() + make_interval(secs => p_window_seconds) ELSE current."resetTime" END
      WHERE current."resetTime" <= now() OR current."queryCount" < p_user_limit
      RETURNING current."queryCount" INTO taken;
    END IF;
    IF taken IS NULL THEN
      refused := refused || ' fan';
      IF p_user_limit <= 0 THEN
        never := true;
      ELSE
        SELECT greatest(latest, "resetTime") INTO latest FROM "chat_inference"."user_rate_limits" WHERE "userId" = p_owner;
      END IF;
    END IF;
    FOR i IN 1 .. coalesce(array_length(p_scopes, 1), 0) LOOP
      taken := NULL;
      IF p_limits[i] > 0 THEN
        INSERT INTO "chat_inference"."free_tier_counters" AS current ("scope", "key", "queryCount", "resetTime")
        VALUES (p_scopes[i], p_keys[i], 1, now() + make_interval(secs => p_window_seconds))
        ON CONFLICT ("scope", "key") DO UPDATE SET
          "queryCount" = CASE WHEN current."resetTime" <= now() THEN 1 ELSE current."queryCount" + 1 END,
          "resetTime" = CASE WHEN current."resetTime" <= now() THEN now() + make_interval(secs => p_window_seconds) ELSE current."resetTime" END
        WHERE current."resetTime" <= now() OR current."queryCount" < p_limits[i]
        RETURNING current."queryCount" INTO taken;
      END IF;
      IF taken IS NULL THEN
        refused := refused || ' ' || p_scopes[i];
        IF p_limits[i] <= 0 THEN
          never := true;
        ELSE
          SELECT greatest(latest, "resetTime") INTO latest FROM "chat_inference"."free_tier_counters"
          WHERE "scope" = p_scopes[i] AND "key" = p_keys[i];
        END IF;
      END IF;
    END LOOP;
    IF refused <> '' THEN
      RAISE EXCEPTION USING ERRCODE = 'BT429', MESSAGE = 'free tier: no message left for this' || refused,
        DETAIL = CASE WHEN never THEN '' ELSE (floor(extract(epoch FROM latest) * 1000))::bigint::text END;
    END IF;
  END IF;
  IF NOT held AND (SELECT count(*) FROM "chat_inference"."messages"
      WHERE "owner" = p_owner AND "status" = 'streaming'
        AND "updatedAt" > now() - make_interval(secs => p_stale_seconds)) >= p_max_replies THEN
    RAISE EXCEPTION USING ERRCODE = 'BT409', MESSAGE = 'too many replies streaming for this fan';
  END IF;
  INSERT INTO "chat_inference"."messages"
    ("id", "conversationId", "owner", "role", "content", "aiContext", "toolConfiguration", "status", "stopReason", "citations", "createdAt", "freeTierTicket",
     "moderationDirection", "moderationFlagged", "moderationCategories", "moderationDecidedBy", "flaggedAt")
  VALUES
    (p_user_message, p_conversation, p_owner, 'user', p_content, p_ai_context, NULL, 'complete', NULL, '[]', p_created_at, NULL,
     CASE WHEN p_verdict IS NOT NULL THEN 'fan-message' END, (p_verdict ->> 'flagged')::boolean,
     CASE WHEN p_verdict IS NOT NULL THEN ARRAY(SELECT jsonb_array_elements_text(p_verdict -> 'categories')) END,
     p_verdict ->> 'decidedBy', CASE WHEN held THEN p_created_at END);
  IF held THEN
    INSERT INTO "chat_inference"."messages"
      ("id", "conversationId", "owner", "role", "content", "status", "stopReason", "citations", "createdAt", "kind", "care")
    VALUES
      (p_assistant_message, p_conversation, p_owner, 'assistant', jsonb_build_array(jsonb_build_object('text', p_notice ->> 'text')),
       'complete', 'end_turn', '[]', p_created_at + interval '1 millisecond', p_notice ->> 'kind', p_notice -> 'care');
  ELSE
    INSERT INTO "chat_inference"."messages"
      ("id", "conversationId", "owner", "role", "content", "status", "citations", "createdAt", "freeTierTicket")
    VALUES
      (p_assistant_message, p_conversation, p_owner, 'assistant', '[{"text": ""}]', 'streaming', '[]',
       p_created_at + interval '1 millisecond',
       CASE WHEN p_counted THEN jsonb_build_object('scopes', to_jsonb(coalesce(p_scopes, '{}')), 'keys', to_jsonb(coalesce(p_keys, '{}'))) END);
  END IF;
END
$fn$
`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION ${SEND_TURN}`);
    // The function as InterruptedReplies made it; its column and index are still there.
    const functionOnly = {
      query: (sql: string) => (sql.includes('FUNCTION') ? queryRunner.query(sql) : Promise.resolve()),
    } as QueryRunner;
    await new InterruptedReplies1795800000000().up(functionOnly);
    await queryRunner.query(`DROP INDEX "chat_inference"."messages_flagged_at_idx"`);
    for (const column of [
      'flaggedAt',
      'moderationReviewText',
      'moderationDecidedBy',
      'moderationCategories',
      'moderationFlagged',
      'moderationDirection',
      'care',
      'kind',
    ])
      await queryRunner.query(`ALTER TABLE "chat_inference"."messages" DROP COLUMN "${column}"`);
  }
}
