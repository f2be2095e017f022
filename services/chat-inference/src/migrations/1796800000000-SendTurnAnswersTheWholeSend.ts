import type { MigrationInterface, QueryRunner } from 'typeorm';

const ARGS = `uuid, uuid, uuid, uuid, jsonb, jsonb, timestamptz, boolean, integer, integer, text[], text[], integer[], integer, double precision, jsonb, jsonb, integer`;
const SEND_TURN = `"chat_inference"."send_turn"(${ARGS})`;
const HISTORY_TURN = `"chat_inference"."send_turn_history"(${ARGS})`;
const SEND_TURN_NOW = `"chat_inference"."send_turn"(${ARGS}, boolean, boolean, boolean)`;

/**
 * Issue 25 item 1, one round trip per send, for the whole service: `send_turn` also answers what
 * the service asked in statements of its own before the model.
 *
 * - The fan's standing (docs/safety.md, "Reports"): a suspended fan, one cooled down until later,
 *   or a paused persona is refused with ERRCODE `BT403` before anything is taken or stored; its
 *   DETAIL is `{ suspended, cooledDownUntil, personaPaused, now }` (JSON, times in ms), from which
 *   report-rules' `sendRefusal` names the refusal.
 * - With `p_in_person`, whether the creator holds the thread in person (docs/architecture.md,
 *   "Inbox"): then the fan's message is stored alone — no reply, no allowance, no reply slot — under
 *   a share lock of the consent row that a hand-back waits for, and the answer is
 *   `{ held: { id, createdAt } }`.
 * - With `p_store` false (the persona could not answer: the message is too long, the model busy),
 *   nothing else is stored: the answer is `{ held: null }` and the service gives its refusal.
 * - With `p_memory`, the fan's memory switch (`memoryChoice`, null when they never chose) and
 *   their memories of the conversation's creator, newest first (`memories`).
 *
 * Otherwise it stores the turn as before and answers `{ held: null, history, memoryChoice, memories }`.
 * The previous function, unchanged, stores the turn and reads the history as `send_turn_history`
 * (the fan's advisory lock is re-entrant within the transaction).
 */
export class SendTurnAnswersTheWholeSend1796800000000 implements MigrationInterface {
  name = 'SendTurnAnswersTheWholeSend1796800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER FUNCTION ${SEND_TURN} RENAME TO "send_turn_history"`);
    await queryRunner.query(`CREATE FUNCTION "chat_inference"."send_turn"(
  p_owner uuid, p_conversation uuid, p_user_message uuid, p_assistant_message uuid,
  p_content jsonb, p_ai_context jsonb, p_created_at timestamptz,
  p_counted boolean, p_user_limit integer, p_window_seconds integer,
  p_scopes text[], p_keys text[], p_limits integer[],
  p_max_replies integer, p_stale_seconds double precision,
  p_verdict jsonb, p_notice jsonb, p_history_limit integer,
  p_in_person boolean, p_memory boolean, p_store boolean
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  creator uuid;
  standing record;
  held_id uuid;
  held_at timestamptz;
  held boolean := false;
  answer jsonb := jsonb_build_object('held', NULL);
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('chat-send:' || p_owner::text, 0));
  SELECT "creatorId" INTO creator FROM "chat_inference"."conversations" WHERE "id" = p_conversation AND "owner" = p_owner;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'BT404', MESSAGE = 'no such conversation of this fan';
  END IF;
  SELECT s."suspendedAt" IS NOT NULL AS suspended, s."cooledDownUntil" AS cooled, p."pausedAt" IS NOT NULL AS paused
  INTO standing
  FROM (SELECT 1) AS one
  LEFT JOIN "chat_inference"."fan_chat_standings" AS s ON s."fanId" = p_owner
  LEFT JOIN "chat_inference"."persona_pauses" AS p ON p."creatorId" = creator;
  IF standing.suspended OR standing.cooled > now() OR standing.paused THEN
    RAISE EXCEPTION USING ERRCODE = 'BT403', MESSAGE = 'this fan may not send in this conversation now',
      DETAIL = jsonb_build_object('suspended', standing.suspended,
        'cooledDownUntil', ceil(extract(epoch FROM standing.cooled) * 1000)::bigint,
        'personaPaused', standing.paused, 'now', floor(extract(epoch FROM now()) * 1000)::bigint)::text;
  END IF;
  IF p_in_person THEN
    PERFORM 1 FROM "chat_inference"."inbox_consents"
      WHERE "conversationId" = p_conversation AND "inPersonSince" IS NOT NULL FOR SHARE;
    held := FOUND;
  END IF;
  IF held THEN
    INSERT INTO "chat_inference"."messages"
      ("id", "conversationId", "owner", "role", "content", "status", "citations", "kind",
       "moderationDirection", "moderationFlagged", "moderationCategories", "moderationDecidedBy")
    VALUES
      (p_user_message, p_conversation, p_owner, 'user', p_content, 'complete', '[]', 'message',
       CASE WHEN p_verdict IS NOT NULL THEN 'fan-message' END, (p_verdict ->> 'flagged')::boolean,
       CASE WHEN p_verdict IS NOT NULL THEN ARRAY(SELECT jsonb_array_elements_text(p_verdict -> 'categories')) END,
       p_verdict ->> 'decidedBy')
    RETURNING "id", "createdAt" INTO held_id, held_at;
    RETURN jsonb_build_object('held', jsonb_build_object('id', held_id, 'createdAt', held_at));
  END IF;
  IF NOT p_store THEN
    RETURN answer;
  END IF;
  IF p_memory THEN
    answer := answer || jsonb_build_object(
      'memoryChoice', (SELECT "enabled" FROM "chat_inference"."fan_memory_settings" WHERE "owner" = p_owner),
      'memories', (SELECT coalesce(jsonb_agg(memory."text" ORDER BY memory."createdAt" DESC, memory."id"), '[]')
                   FROM "chat_inference"."fan_memories" AS memory
                   WHERE memory."owner" = p_owner AND memory."creatorId" = creator));
  END IF;
  RETURN answer || jsonb_build_object('history', "chat_inference"."send_turn_history"(p_owner, p_conversation,
    p_user_message, p_assistant_message, p_content, p_ai_context, p_created_at, p_counted, p_user_limit,
    p_window_seconds, p_scopes, p_keys, p_limits, p_max_replies, p_stale_seconds, p_verdict, p_notice,
    p_history_limit));
END
$fn$
`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION ${SEND_TURN_NOW}`);
    await queryRunner.query(`ALTER FUNCTION ${HISTORY_TURN} RENAME TO "send_turn"`);
  }
}
