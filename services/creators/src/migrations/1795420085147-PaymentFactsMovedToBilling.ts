import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PaymentFactsMovedToBilling1795420085147 implements MigrationInterface {
  name = 'PaymentFactsMovedToBilling1795420085147';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "creators"."creators" DROP COLUMN "stripeAccountId"`);
    await queryRunner.query(`ALTER TABLE "creators"."creators" DROP COLUMN "stripePriceId"`);
    await queryRunner.query(`ALTER TABLE "creators"."creators" DROP COLUMN "onboardingComplete"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "creators"."creators" ADD "onboardingComplete" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "creators"."creators" ADD "stripePriceId" text`);
    await queryRunner.query(`ALTER TABLE "creators"."creators" ADD "stripeAccountId" text`);
  }
}
