import type { MigrationInterface, QueryRunner } from 'typeorm';

const SEND_TURN = `"chat_inference"."send_turn"(uuid, uuid, uuid, uuid, jsonb, jsonb, timestamptz, boolean, integer, integer, text[], text[], integer[], integer, double precision, jsonb, jsonb)`;
const STORE_TURN = `"chat_inference"."send_turn_store"(uuid, uuid, uuid, uuid, jsonb, jsonb, timestamptz, boolean, integer, integer, text[], text[], integer[], integer, double precision, jsonb, jsonb)`;
const SEND_TURN_NOW = `"chat_inference"."send_turn"(uuid, uuid, uuid, uuid, jsonb, jsonb, timestamptz, boolean, integer, integer, text[], text[], integer[], integer, double precision, jsonb, jsonb, integer)`;

/**
 * Issue 25 item 1, one round trip per send: `send_turn` also checks that the conversation is the
 * fan's (ERRCODE `BT404` when it is not, before anything is taken or stored) and answers with the
 * history the model is shown — up to `p_history_limit` of the conversation's finished turns before
 * this one, oldest first, as `[{ role, content }]`: only the fan's messages and the persona's replies
 * (not the creator's in-person messages), never a message moderation held back or replaced, a
 * safety notice, a crisis card, nor a reply an admin hid. They are read under the fan's lock, so
 * a send sees every earlier send of theirs. The previous function, unchanged, does the storing
 * as `send_turn_store` (the advisory lock is re-entrant within the transaction).
 */
export class SendTurnReturnsHistory1796700000000 implements MigrationInterface {
  name = 'SendTurnReturnsHistory1796700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER FUNCTION ${SEND_TURN} RENAME TO "send_turn_store"`);
    await queryRunner.query(`CREATE FUNCTION "chat_inference"."send_turn"(
  p_owner uuid, p_conversation uuid, p_user_message uuid, p_assistant_message uuid,
  p_content jsonb, p_ai_context jsonb, p_created_at timestamptz,
  p_counted boolean, p_user_limit integer, p_window_seconds integer,
  p_scopes text[], p_keys text[], p_limits integer[],
  p_max_replies integer, p_stale_seconds double precision,
  p_verdict jsonb, p_notice jsonb, p_history_limit integer
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  history jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('chat-send:' || p_owner::text, 0));
  IF NOT EXISTS (SELECT 1 FROM "chat_inference"."conversations" WHERE "id" = p_conversation AND "owner" = p_owner) THEN
    RAISE EXCEPTION USING ERRCODE = 'BT404', MESSAGE = 'no such conversation of this fan';
  END IF;
  SELECT coalesce(jsonb_agg(jsonb_build_object('role', turn."role", 'content', turn."content") ORDER BY turn."createdAt", turn."id"), '[]')
  INTO history
  FROM (SELECT message."role", message."content", message."createdAt", message."id"
        FROM "chat_inference"."messages" AS message
        WHERE message."owner" = p_owner AND message."conversationId" = p_conversation
          AND message."status" = 'complete' AND message."role" IN ('user', 'assistant')
          AND message."kind" = 'message' AND message."moderationFlagged" IS NOT TRUE
          AND NOT EXISTS (SELECT 1 FROM "chat_inference"."hidden_messages" h WHERE h."messageId" = message."id")
        ORDER BY message."createdAt" DESC, message."id" DESC
        LIMIT greatest(p_history_limit, 0)) AS turn;
  PERFORM "chat_inference"."send_turn_store"(p_owner, p_conversation, p_user_message, p_assistant_message,
    p_content, p_ai_context, p_created_at, p_counted, p_user_limit, p_window_seconds,
    p_scopes, p_keys, p_limits, p_max_replies, p_stale_seconds, p_verdict, p_notice);
  RETURN history;
END
$fn$
`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION ${SEND_TURN_NOW}`);
    await queryRunner.query(`ALTER FUNCTION ${STORE_TURN} RENAME TO "send_turn"`);
  }
}
