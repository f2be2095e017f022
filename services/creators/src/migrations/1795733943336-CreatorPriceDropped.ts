import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatorPriceDropped1795733943336 implements MigrationInterface {
  name = 'CreatorPriceDropped1795733943336';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "creators"."creators" DROP COLUMN "price_per_subscription"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "creators"."creators" ADD "price_per_subscription" integer NOT NULL DEFAULT '1000'`);
  }
}
