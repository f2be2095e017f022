import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FreeTierCountersAndMessagePages1795300000000 implements MigrationInterface {
  name = 'FreeTierCountersAndMessagePages1795300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "chat_inference"."free_tier_counters" ("scope" text NOT NULL, "key" text NOT NULL, "queryCount" integer NOT NULL DEFAULT '0', "resetTime" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_free_tier_counters" PRIMARY KEY ("scope", "key"))`);
    await queryRunner.query(`DROP INDEX "chat_inference"."messages_conversation_created_idx"`);
    await queryRunner.query(`CREATE INDEX "messages_conversation_created_idx" ON "chat_inference"."messages" ("conversationId", "createdAt", "id") `);
    await queryRunner.query(`CREATE INDEX "messages_owner_streaming_idx" ON "chat_inference"."messages" ("owner") WHERE "status" = 'streaming'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "chat_inference"."messages_owner_streaming_idx"`);
    await queryRunner.query(`DROP INDEX "chat_inference"."messages_conversation_created_idx"`);
    await queryRunner.query(`CREATE INDEX "messages_conversation_created_idx" ON "chat_inference"."messages" ("conversationId", "createdAt") `);
    await queryRunner.query(`DROP TABLE "chat_inference"."free_tier_counters"`);
  }
}
