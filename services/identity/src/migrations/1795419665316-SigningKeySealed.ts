import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The stored signing key is now kept encrypted (docs/security.md, 7.14). TypeORM generates a
 * rename as drop + add, which would lose the key; this renames the column instead. Rows still
 * in plain text are encrypted by SigningKeyService at start, where the key-encryption key is known.
 */
export class SigningKeySealed1795419665316 implements MigrationInterface {
  name = 'SigningKeySealed1795419665316';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "identity"."signing_keys" RENAME COLUMN "privateKeyPem" TO "sealedPrivateKey"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "identity"."signing_keys" RENAME COLUMN "sealedPrivateKey" TO "privateKeyPem"`,
    );
  }
}
