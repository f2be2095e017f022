import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IngestJobRuns1795600000001 implements MigrationInterface {
  name = 'IngestJobRuns1795600000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ingestion"."ingest_jobs" ADD "kind" text NOT NULL DEFAULT 'init'`);
    await queryRunner.query(`ALTER TABLE "ingestion"."ingest_jobs" ADD "runId" uuid`);
    await queryRunner.query(`ALTER TABLE "ingestion"."ingest_jobs" ADD "essencePrompt" text`);
    await queryRunner.query(`CREATE TABLE "ingestion"."durable_messages" ("id" BIGSERIAL NOT NULL, "subject" text NOT NULL, "dedupeId" text NOT NULL, "payload" text NOT NULL, "requestId" text, "deliveries" integer NOT NULL DEFAULT '0', "state" text NOT NULL DEFAULT 'pending', "availableAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lastError" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "settledAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_88714c85c2a8f0b9ca62162a8fd" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_1446cb63bddd7428ac04a22824" ON "ingestion"."durable_messages" ("state", "availableAt") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_92011568cf905f20ca90df7662" ON "ingestion"."durable_messages" ("subject", "dedupeId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ingestion"."IDX_92011568cf905f20ca90df7662"`);
    await queryRunner.query(`DROP INDEX "ingestion"."IDX_1446cb63bddd7428ac04a22824"`);
    await queryRunner.query(`DROP TABLE "ingestion"."durable_messages"`);
    await queryRunner.query(`ALTER TABLE "ingestion"."ingest_jobs" DROP COLUMN "essencePrompt"`);
    await queryRunner.query(`ALTER TABLE "ingestion"."ingest_jobs" DROP COLUMN "runId"`);
    await queryRunner.query(`ALTER TABLE "ingestion"."ingest_jobs" DROP COLUMN "kind"`);
  }
}
