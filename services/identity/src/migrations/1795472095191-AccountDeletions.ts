import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AccountDeletions1795472095191 implements MigrationInterface {
  name = 'AccountDeletions1795472095191';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "identity"."account_deletions" ("userId" uuid NOT NULL, "deletedAt" TIMESTAMP WITH TIME ZONE NOT NULL, "wasCreator" boolean NOT NULL, "announcedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_22c712abaee30bc67fbe8b3711e" PRIMARY KEY ("userId"))`);
    await queryRunner.query(`CREATE INDEX "IDX_bcb7fba5f8f152f688a895af7a" ON "identity"."account_deletions" ("announcedAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."IDX_bcb7fba5f8f152f688a895af7a"`);
    await queryRunner.query(`DROP TABLE "identity"."account_deletions"`);
  }
}
