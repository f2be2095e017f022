import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatorPrices1795459335852 implements MigrationInterface {
  name = 'CreatorPrices1795459335852';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "billing"."creator_prices" ("creatorId" uuid NOT NULL, "price_per_subscription" integer NOT NULL, "stripeProductId" text, "stripePriceId" text, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fde655dd517cfe0fde1103965d8" PRIMARY KEY ("creatorId"))`);
    await queryRunner.query(`ALTER TABLE "billing"."stripe_accounts" DROP COLUMN "stripePriceId"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "billing"."stripe_accounts" ADD "stripePriceId" text`);
    await queryRunner.query(`DROP TABLE "billing"."creator_prices"`);
  }
}
