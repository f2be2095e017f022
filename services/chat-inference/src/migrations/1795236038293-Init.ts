import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795236038293 implements MigrationInterface {
  name = 'Init1795236038293';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "chat_inference"."conversations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "owner" uuid NOT NULL, "creatorId" uuid NOT NULL, "name" text NOT NULL DEFAULT '', "metadata" jsonb NOT NULL DEFAULT '{}', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ee34f4f7ced4ec8681f26bf04ef" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "conversations_owner_creator_key" ON "chat_inference"."conversations" ("owner", "creatorId") `);
    await queryRunner.query(`CREATE TABLE "chat_inference"."messages" ("id" uuid NOT NULL, "conversationId" uuid NOT NULL, "owner" uuid NOT NULL, "role" text NOT NULL, "content" jsonb NOT NULL, "aiContext" jsonb, "toolConfiguration" jsonb, "status" text NOT NULL DEFAULT 'complete', "stopReason" text, "citations" jsonb NOT NULL DEFAULT '[]', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_18325f38ae6de43878487eff986" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "messages_conversation_created_idx" ON "chat_inference"."messages" ("conversationId", "createdAt") `);
    await queryRunner.query(`CREATE TABLE "chat_inference"."user_rate_limits" ("userId" uuid NOT NULL, "owner" uuid NOT NULL, "queryCount" integer NOT NULL DEFAULT '0', "resetTime" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_ab4903cc47bde6178f8b2b5b308" PRIMARY KEY ("userId"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "chat_inference"."user_rate_limits"`);
    await queryRunner.query(`DROP INDEX "chat_inference"."messages_conversation_created_idx"`);
    await queryRunner.query(`DROP TABLE "chat_inference"."messages"`);
    await queryRunner.query(`DROP INDEX "chat_inference"."conversations_owner_creator_key"`);
    await queryRunner.query(`DROP TABLE "chat_inference"."conversations"`);
  }
}
