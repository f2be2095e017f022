import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795236036286 implements MigrationInterface {
  name = 'Init1795236036286';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."guest_passwords" ("guestUserId" uuid NOT NULL, "password" text NOT NULL, CONSTRAINT "PK_f62f92f2f4a743b5a643dbc7f1f" PRIMARY KEY ("guestUserId"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."guest_users" ("cognitoUsername" uuid NOT NULL, "creatorId" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lastActiveAt" TIMESTAMP WITH TIME ZONE, "ipAddress" text, "userAgent" text, "convertedToUser" boolean, CONSTRAINT "PK_0f20b647078a28953ccfd6e37a5" PRIMARY KEY ("cognitoUsername"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."refresh_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tokenHash" text NOT NULL, "userId" uuid NOT NULL, "familyId" uuid NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "usedAt" TIMESTAMP WITH TIME ZONE, "revokedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7d8bee0204106019488c4c50ffa" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "identity"."refresh_tokens" ("tokenHash") `,
    );
    await queryRunner.query(
      `CREATE INDEX "refresh_tokens_user_id_idx" ON "identity"."refresh_tokens" ("userId") `,
    );
    await queryRunner.query(
      `CREATE INDEX "refresh_tokens_family_id_idx" ON "identity"."refresh_tokens" ("familyId") `,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."signing_keys" ("kid" text NOT NULL, "privateKeyPem" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_13362ac3e792c69417e1a53d355" PRIMARY KEY ("kid"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."users" ("id" uuid NOT NULL, "owner" text NOT NULL, "username" text NOT NULL, "email" text, "emailVerified" boolean NOT NULL DEFAULT false, "passwordHash" text, "profilePictureURL" text, "isCreator" boolean NOT NULL DEFAULT false, "isGuest" boolean NOT NULL DEFAULT false, "groups" text array NOT NULL DEFAULT '{}', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "users_email_key" ON "identity"."users" ("email") WHERE "email" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."users_email_key"`);
    await queryRunner.query(`DROP TABLE "identity"."users"`);
    await queryRunner.query(`DROP TABLE "identity"."signing_keys"`);
    await queryRunner.query(`DROP INDEX "identity"."refresh_tokens_family_id_idx"`);
    await queryRunner.query(`DROP INDEX "identity"."refresh_tokens_user_id_idx"`);
    await queryRunner.query(`DROP INDEX "identity"."refresh_tokens_token_hash_key"`);
    await queryRunner.query(`DROP TABLE "identity"."refresh_tokens"`);
    await queryRunner.query(`DROP TABLE "identity"."guest_users"`);
    await queryRunner.query(`DROP TABLE "identity"."guest_passwords"`);
  }
}
