import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PersonaPause1795900000000 implements MigrationInterface {
  name = 'PersonaPause1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "creators"."creators" ADD "pausedAt" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "creators"."creators" DROP COLUMN "pausedAt"`);
  }
}
