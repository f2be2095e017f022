import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Passkeys1795441238772 implements MigrationInterface {
  name = 'Passkeys1795441238772';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."passkey_challenges" ("challengeHash" text NOT NULL, "ceremony" text NOT NULL, "userId" uuid, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c62e661a3f4cb6f606b3a536f80" PRIMARY KEY ("challengeHash"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "passkey_challenges_expires_idx" ON "identity"."passkey_challenges" ("expiresAt") `,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."passkeys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "credentialId" text NOT NULL, "userId" uuid NOT NULL, "publicKey" bytea NOT NULL, "counter" bigint NOT NULL DEFAULT '0', "transports" text array NOT NULL DEFAULT '{}', "name" text NOT NULL, "backedUp" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lastUsedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_db928e6fd79e7098911268a74c3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "passkeys_credential_id_key" ON "identity"."passkeys" ("credentialId") `,
    );
    await queryRunner.query(`CREATE INDEX "passkeys_user_id_idx" ON "identity"."passkeys" ("userId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."passkeys_user_id_idx"`);
    await queryRunner.query(`DROP INDEX "identity"."passkeys_credential_id_key"`);
    await queryRunner.query(`DROP TABLE "identity"."passkeys"`);
    await queryRunner.query(`DROP INDEX "identity"."passkey_challenges_expires_idx"`);
    await queryRunner.query(`DROP TABLE "identity"."passkey_challenges"`);
  }
}
