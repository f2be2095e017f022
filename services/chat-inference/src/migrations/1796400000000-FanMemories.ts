import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FanMemories1796400000000 implements MigrationInterface {
  name = 'FanMemories1796400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "chat_inference"."fan_memories" ("id" uuid NOT NULL, "owner" uuid NOT NULL, "creatorId" uuid NOT NULL, "text" text NOT NULL, "sourceMessageId" uuid, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fan_memories_id" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "fan_memories_updated_idx" ON "chat_inference"."fan_memories" ("updatedAt") `);
    await queryRunner.query(`CREATE INDEX "fan_memories_owner_creator_idx" ON "chat_inference"."fan_memories" ("owner", "creatorId", "createdAt") `);
    await queryRunner.query(`CREATE TABLE "chat_inference"."fan_memory_settings" ("owner" uuid NOT NULL, "enabled" boolean NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fan_memory_settings_owner" PRIMARY KEY ("owner"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "chat_inference"."fan_memory_settings"`);
    await queryRunner.query(`DROP INDEX "chat_inference"."fan_memories_owner_creator_idx"`);
    await queryRunner.query(`DROP INDEX "chat_inference"."fan_memories_updated_idx"`);
    await queryRunner.query(`DROP TABLE "chat_inference"."fan_memories"`);
  }
}
