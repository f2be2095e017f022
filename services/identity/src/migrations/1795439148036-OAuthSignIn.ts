import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OAuthSignIn1795439148036 implements MigrationInterface {
  name = 'OAuthSignIn1795439148036';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."oauth_authorizations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "stateHash" text NOT NULL, "provider" text NOT NULL, "codeVerifier" text NOT NULL, "nonce" text NOT NULL, "bindingHash" text NOT NULL, "redirectUri" text NOT NULL, "returnTo" text, "guestUserId" uuid, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0b25c4c6ffe0302852a061f47a6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "oauth_authorizations_state_hash_key" ON "identity"."oauth_authorizations" ("stateHash") `,
    );
    await queryRunner.query(
      `CREATE INDEX "oauth_authorizations_expires_at_idx" ON "identity"."oauth_authorizations" ("expiresAt") `,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."oauth_sessions" ("familyId" uuid NOT NULL, "provider" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_dc692160bf9670f5aa7ecb08143" PRIMARY KEY ("familyId"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."user_identities" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" uuid NOT NULL, "provider" text NOT NULL, "subject" text NOT NULL, "email" text, "emailVerified" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lastSignInAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_e23bff04e9c3e7b785e442b262c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "user_identities_user_id_idx" ON "identity"."user_identities" ("userId") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "user_identities_provider_subject_key" ON "identity"."user_identities" ("provider", "subject") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."user_identities_provider_subject_key"`);
    await queryRunner.query(`DROP INDEX "identity"."user_identities_user_id_idx"`);
    await queryRunner.query(`DROP TABLE "identity"."user_identities"`);
    await queryRunner.query(`DROP TABLE "identity"."oauth_sessions"`);
    await queryRunner.query(`DROP INDEX "identity"."oauth_authorizations_expires_at_idx"`);
    await queryRunner.query(`DROP INDEX "identity"."oauth_authorizations_state_hash_key"`);
    await queryRunner.query(`DROP TABLE "identity"."oauth_authorizations"`);
  }
}
