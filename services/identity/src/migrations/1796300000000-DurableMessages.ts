import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DurableMessages1796300000000 implements MigrationInterface {
  name = 'DurableMessages1796300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "identity"."durable_messages" ("id" BIGSERIAL NOT NULL, "subject" text NOT NULL, "dedupeId" text NOT NULL, "payload" text NOT NULL, "requestId" text, "deliveries" integer NOT NULL DEFAULT '0', "state" text NOT NULL DEFAULT 'pending', "availableAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lastError" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "settledAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_88714c85c2a8f0b9ca62162a8fd" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_1446cb63bddd7428ac04a22824" ON "identity"."durable_messages" ("state", "availableAt") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_92011568cf905f20ca90df7662" ON "identity"."durable_messages" ("subject", "dedupeId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."IDX_92011568cf905f20ca90df7662"`);
    await queryRunner.query(`DROP INDEX "identity"."IDX_1446cb63bddd7428ac04a22824"`);
    await queryRunner.query(`DROP TABLE "identity"."durable_messages"`);
  }
}
