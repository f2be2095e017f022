import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Retention1795472108367 implements MigrationInterface {
  name = 'Retention1795472108367';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "creators"."durable_messages" ("id" BIGSERIAL NOT NULL, "subject" text NOT NULL, "dedupeId" text NOT NULL, "payload" text NOT NULL, "requestId" text, "deliveries" integer NOT NULL DEFAULT '0', "state" text NOT NULL DEFAULT 'pending', "availableAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lastError" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "settledAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_88714c85c2a8f0b9ca62162a8fd" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_1446cb63bddd7428ac04a22824" ON "creators"."durable_messages" ("state", "availableAt") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_92011568cf905f20ca90df7662" ON "creators"."durable_messages" ("subject", "dedupeId") `);
    await queryRunner.query(`CREATE TABLE "creators"."account_erasures" ("userId" uuid NOT NULL, "deletedAt" TIMESTAMP WITH TIME ZONE NOT NULL, "dueAt" TIMESTAMP WITH TIME ZONE NOT NULL, "wasCreator" boolean NOT NULL, CONSTRAINT "PK_90adb654a25f2d0293cab17bffc" PRIMARY KEY ("userId"))`);
    await queryRunner.query(`CREATE INDEX "IDX_12c6f7a930f0ed34af377f4062" ON "creators"."account_erasures" ("dueAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "creators"."IDX_12c6f7a930f0ed34af377f4062"`);
    await queryRunner.query(`DROP TABLE "creators"."account_erasures"`);
    await queryRunner.query(`DROP INDEX "creators"."IDX_92011568cf905f20ca90df7662"`);
    await queryRunner.query(`DROP INDEX "creators"."IDX_1446cb63bddd7428ac04a22824"`);
    await queryRunner.query(`DROP TABLE "creators"."durable_messages"`);
  }
}
