import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795236037620 implements MigrationInterface {
  name = 'Init1795236037620';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "ingestion"."ingest_jobs" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "idempotencyKey" text NOT NULL, "creatorId" text NOT NULL, "owner" text NOT NULL, "state" text NOT NULL, "step" integer NOT NULL DEFAULT '0', "error" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1620a944f000c66fb92eef84c11" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ingest_jobs_idempotency_key" ON "ingestion"."ingest_jobs" ("idempotencyKey") `);
    await queryRunner.query(`CREATE INDEX "ingest_jobs_creator_id_idx" ON "ingestion"."ingest_jobs" ("creatorId") `);
    await queryRunner.query(`CREATE TABLE "ingestion"."media_objects" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "creatorId" text NOT NULL, "postId" text, "kind" text NOT NULL, "storageKey" text NOT NULL, "contentType" text NOT NULL, "byteSize" integer NOT NULL, "sha256" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6f25a90e781d66ee0c2515c11f7" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "media_objects_storage_key" ON "ingestion"."media_objects" ("storageKey") `);
    await queryRunner.query(`CREATE TABLE "ingestion"."post_embeddings" ("postId" uuid NOT NULL, "model" text NOT NULL, "creatorId" text NOT NULL, "dimensions" integer NOT NULL, "vector" real array NOT NULL, "contentHash" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_380dbcc17db7a3db33b4888dad8" PRIMARY KEY ("postId", "model"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ingestion"."post_embeddings"`);
    await queryRunner.query(`DROP INDEX "ingestion"."media_objects_storage_key"`);
    await queryRunner.query(`DROP TABLE "ingestion"."media_objects"`);
    await queryRunner.query(`DROP INDEX "ingestion"."ingest_jobs_creator_id_idx"`);
    await queryRunner.query(`DROP INDEX "ingestion"."ingest_jobs_idempotency_key"`);
    await queryRunner.query(`DROP TABLE "ingestion"."ingest_jobs"`);
  }
}
