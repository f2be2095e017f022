import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatorFunnel1795470396023 implements MigrationInterface {
  name = 'CreatorFunnel1795470396023';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "chat_inference"."free_tier_limits_reached" ("owner" uuid NOT NULL, "creatorId" uuid NOT NULL, "firstReachedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_94ebac348b0832baf121d001390" PRIMARY KEY ("owner", "creatorId"))`);
    await queryRunner.query(`CREATE INDEX "free_tier_limits_reached_creator_idx" ON "chat_inference"."free_tier_limits_reached" ("creatorId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "chat_inference"."free_tier_limits_reached_creator_idx"`);
    await queryRunner.query(`DROP TABLE "chat_inference"."free_tier_limits_reached"`);
  }
}
