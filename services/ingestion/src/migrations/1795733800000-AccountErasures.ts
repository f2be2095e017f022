import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AccountErasures1795733800000 implements MigrationInterface {
  name = 'AccountErasures1795733800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "ingestion"."account_erasures" ("userId" uuid NOT NULL, "deletedAt" TIMESTAMP WITH TIME ZONE NOT NULL, "dueAt" TIMESTAMP WITH TIME ZONE NOT NULL, "wasCreator" boolean NOT NULL, CONSTRAINT "PK_90adb654a25f2d0293cab17bffc" PRIMARY KEY ("userId"))`);
    await queryRunner.query(`CREATE INDEX "IDX_12c6f7a930f0ed34af377f4062" ON "ingestion"."account_erasures" ("dueAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "ingestion"."IDX_12c6f7a930f0ed34af377f4062"`);
    await queryRunner.query(`DROP TABLE "ingestion"."account_erasures"`);
  }
}
