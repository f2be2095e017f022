import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795236039672 implements MigrationInterface {
  name = 'Init1795236039672';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "feature_flags"."feature_flags" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "owner" text NOT NULL, "name" text NOT NULL, "enabled" boolean NOT NULL DEFAULT false, "description" text NOT NULL DEFAULT '', "environment" text NOT NULL, "lastUpdatedBy" text, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_db657d344e9caacfc9d5cf8bbac" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "feature_flags_name_environment_key" ON "feature_flags"."feature_flags" ("name", "environment") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "feature_flags"."feature_flags_name_environment_key"`);
    await queryRunner.query(`DROP TABLE "feature_flags"."feature_flags"`);
  }
}
