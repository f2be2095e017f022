import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DataExportProfiles1795459290863 implements MigrationInterface {
  name = 'DataExportProfiles1795459290863';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "ingestion"."data_export_profiles" ("userId" text NOT NULL, "handle" text NOT NULL, "nickName" text NOT NULL, "bio" text NOT NULL, "avatarUrl" text NOT NULL, "followerCount" integer NOT NULL, "videoCount" integer NOT NULL, "importedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_458ba3d7b28abfc9c38efb5e08b" PRIMARY KEY ("userId"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ingestion"."data_export_profiles"`);
  }
}
