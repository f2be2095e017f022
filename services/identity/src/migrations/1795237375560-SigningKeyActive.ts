import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SigningKeyActive1795237375560 implements MigrationInterface {
  name = 'SigningKeyActive1795237375560';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "identity"."signing_keys" ADD "active" boolean NOT NULL DEFAULT true`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "signing_keys_one_active_key" ON "identity"."signing_keys" ("active") WHERE "active"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."signing_keys_one_active_key"`);
    await queryRunner.query(`ALTER TABLE "identity"."signing_keys" DROP COLUMN "active"`);
  }
}
