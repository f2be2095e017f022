import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ResyncRounds1795690918397 implements MigrationInterface {
  name = 'ResyncRounds1795690918397';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ingestion"."ingest_jobs" ADD "roundId" uuid`);
    await queryRunner.query(`ALTER TABLE "ingestion"."ingest_jobs" ADD "handle" text`);
    await queryRunner.query(`ALTER TABLE "ingestion"."ingest_jobs" ADD "newPosts" integer`);
    await queryRunner.query(`CREATE INDEX "ingest_jobs_round_id_idx" ON "ingestion"."ingest_jobs" ("roundId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ingestion"."ingest_jobs_round_id_idx"`);
    await queryRunner.query(`ALTER TABLE "ingestion"."ingest_jobs" DROP COLUMN "newPosts"`);
    await queryRunner.query(`ALTER TABLE "ingestion"."ingest_jobs" DROP COLUMN "handle"`);
    await queryRunner.query(`ALTER TABLE "ingestion"."ingest_jobs" DROP COLUMN "roundId"`);
  }
}
