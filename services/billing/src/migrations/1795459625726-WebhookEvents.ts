import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookEvents1795459625726 implements MigrationInterface {
  name = 'WebhookEvents1795459625726';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "billing"."durable_messages" ("id" BIGSERIAL NOT NULL, "subject" text NOT NULL, "dedupeId" text NOT NULL, "payload" text NOT NULL, "requestId" text, "deliveries" integer NOT NULL DEFAULT '0', "state" text NOT NULL DEFAULT 'pending', "availableAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lastError" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "settledAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_88714c85c2a8f0b9ca62162a8fd" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_1446cb63bddd7428ac04a22824" ON "billing"."durable_messages" ("state", "availableAt") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_92011568cf905f20ca90df7662" ON "billing"."durable_messages" ("subject", "dedupeId") `);
    await queryRunner.query(`CREATE TABLE "billing"."stripe_object_versions" ("objectId" text NOT NULL, "eventCreated" TIMESTAMP WITH TIME ZONE NOT NULL, "rank" integer NOT NULL, CONSTRAINT "PK_ce680b9d0bcb9531b76b250519c" PRIMARY KEY ("objectId"))`);
    await queryRunner.query(`ALTER TABLE "billing"."creator_subscriptions" ADD "stripeStatus" text`);
    await queryRunner.query(`ALTER TABLE "billing"."creator_subscriptions" ADD "canceledAt" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "billing"."creator_subscriptions" DROP COLUMN "canceledAt"`);
    await queryRunner.query(`ALTER TABLE "billing"."creator_subscriptions" DROP COLUMN "stripeStatus"`);
    await queryRunner.query(`DROP TABLE "billing"."stripe_object_versions"`);
    await queryRunner.query(`DROP INDEX "billing"."IDX_92011568cf905f20ca90df7662"`);
    await queryRunner.query(`DROP INDEX "billing"."IDX_1446cb63bddd7428ac04a22824"`);
    await queryRunner.query(`DROP TABLE "billing"."durable_messages"`);
  }
}
