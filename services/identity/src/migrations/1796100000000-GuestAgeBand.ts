import type { MigrationInterface, QueryRunner } from 'typeorm';

export class GuestAgeBand1796100000000 implements MigrationInterface {
  name = 'GuestAgeBand1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."users" ADD "confirmedAgeBand" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."users" DROP COLUMN "confirmedAgeBand"`);
  }
}
