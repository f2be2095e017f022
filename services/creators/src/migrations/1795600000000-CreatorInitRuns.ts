import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatorInitRuns1795600000000 implements MigrationInterface {
  name = 'CreatorInitRuns1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "creators"."creator_init_statuses" ADD "runId" uuid`);
    await queryRunner.query(`ALTER TABLE "creators"."creator_init_statuses" ADD "step" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "creators"."creator_init_statuses" ADD "state" text NOT NULL DEFAULT 'running'`);
    await queryRunner.query(`ALTER TABLE "creators"."creator_init_statuses" ADD "error" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "creators"."creator_init_statuses" DROP COLUMN "error"`);
    await queryRunner.query(`ALTER TABLE "creators"."creator_init_statuses" DROP COLUMN "state"`);
    await queryRunner.query(`ALTER TABLE "creators"."creator_init_statuses" DROP COLUMN "step"`);
    await queryRunner.query(`ALTER TABLE "creators"."creator_init_statuses" DROP COLUMN "runId"`);
  }
}
