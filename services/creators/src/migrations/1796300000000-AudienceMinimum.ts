import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AudienceMinimum1796300000000 implements MigrationInterface {
  name = 'AudienceMinimum1796300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "creators"."creators" ADD "audienceMinimum" text NOT NULL DEFAULT '13+'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "creators"."creators" DROP COLUMN "audienceMinimum"`);
  }
}
