import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SendTurnWaitsForEveryAllowance1795700000000 } from './1795700000000-SendTurnWaitsForEveryAllowance';

/**
 * Issue 21 item 2b: a reply cut off by a crash is marked failed and its free-tier allowance given
 * back (InterruptedReplies). What to give back is what the send took, so `send_turn` now stores
 * it on the assistant message: `freeTierTicket` is `{ scopes, keys }` of the origin counters
 * taken besides the fan's own allowance, or NULL when the send took nothing (a subscriber, the
 * bypass flag). The recovery sets it back to NULL as it refunds, so it is refunded once. The
 * partial index finds the streaming replies of a dead process without a scan.
 */
export class InterruptedReplies1795800000000 implements MigrationInterface {
  name = 'InterruptedReplies1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_inference"."messages" ADD "freeTierTicket" jsonb`);
    await queryRunner.query(
      `CREATE INDEX "messages_streaming_updated_idx" ON "chat_inference"."messages" ("updatedAt") WHERE "status" = 'streaming'`,
    );
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "chat_inference"."send_turn"(
  p_owner uuid, p_conversation uuid, p_user_message uuid, p_assistant_message uuid,
  p_content jsonb, p_ai_context jsonb, p_created_at timestamptz,
  p_counted boolean, p_user_limit integer, p_window_seconds integer,
  p_scopes text[], p_keys text[], p_limits integer[],
  p_max_replies integer, p_stale_seconds double precision
) RETURNS void LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  taken integer;
  refused text := '';
  never boolean := false;
  latest timestamptz;
  i integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('chat-send:' || p_owner::text, 0));
  IF p_counted THEN
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
  IF (SELECT count(*) FROM "chat_inference"."messages"
      WHERE "owner" = p_owner AND "status" = 'streaming'
        AND "updatedAt" > now() - make_interval(secs => p_stale_seconds)) >= p_max_replies THEN
    RAISE EXCEPTION USING ERRCODE = 'BT409', MESSAGE = 'too many replies streaming for this fan';
  END IF;
  INSERT INTO "chat_inference"."messages"
    ("id", "conversationId", "owner", "role", "content", "aiContext", "toolConfiguration", "status", "stopReason", "citations", "createdAt", "freeTierTicket")
  VALUES
    (p_user_message, p_conversation, p_owner, 'user', p_content, p_ai_context, NULL, 'complete', NULL, '[]', p_created_at, NULL),
    (p_assistant_message, p_conversation, p_owner, 'assistant', '[{"text": ""}]', NULL, NULL, 'streaming', NULL, '[]',
     p_created_at + interval '1 millisecond',
     CASE WHEN p_counted THEN jsonb_build_object('scopes', to_jsonb(coalesce(p_scopes, '{}')), 'keys', to_jsonb(coalesce(p_keys, '{}'))) END);
END
$fn$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await new SendTurnWaitsForEveryAllowance1795700000000().up(queryRunner);
    await queryRunner.query(`DROP INDEX "chat_inference"."messages_streaming_updated_idx"`);
    await queryRunner.query(`ALTER TABLE "chat_inference"."messages" DROP COLUMN "freeTierTicket"`);
  }
}
