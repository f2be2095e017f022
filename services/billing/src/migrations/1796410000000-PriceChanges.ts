import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PriceChanges1796410000000 implements MigrationInterface {
  name = 'PriceChanges1796410000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "billing"."price_changes" ("id" uuid NOT NULL, "creatorId" uuid NOT NULL, "fromPrice" integer NOT NULL, "toPrice" integer NOT NULL, "noticeAt" TIMESTAMP WITH TIME ZONE NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_44ba7d1ffce2e0e44d57afe3ca8" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "price_changes_creator_idx" ON "billing"."price_changes" ("creatorId", "noticeAt") `);
    await queryRunner.query(`CREATE TABLE "billing"."price_change_moves" ("changeId" uuid NOT NULL, "userId" uuid NOT NULL, "creatorId" uuid NOT NULL, "stripeSubscriptionId" text, "effectiveAt" TIMESTAMP WITH TIME ZONE NOT NULL, "state" text NOT NULL DEFAULT 'scheduled', "stripeScheduleId" text, "notifiedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_a32676669c834c541444164c3a1" PRIMARY KEY ("changeId", "userId"))`);
    await queryRunner.query(`CREATE INDEX "price_change_moves_subscription_idx" ON "billing"."price_change_moves" ("stripeSubscriptionId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "billing"."price_change_moves_subscription_idx"`);
    await queryRunner.query(`DROP TABLE "billing"."price_change_moves"`);
    await queryRunner.query(`DROP INDEX "billing"."price_changes_creator_idx"`);
    await queryRunner.query(`DROP TABLE "billing"."price_changes"`);
  }
}
