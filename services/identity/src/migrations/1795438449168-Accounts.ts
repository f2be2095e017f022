import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1795438449168 implements MigrationInterface {
  name = 'Accounts1795438449168';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."sessions" ("id" uuid NOT NULL, "userId" uuid NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lastUsedAt" TIMESTAMP WITH TIME ZONE NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "userAgent" text, "ipAddress" text, "revokedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "sessions_user_id_idx" ON "identity"."sessions" ("userId") `);
    await queryRunner.query(
      `CREATE TABLE "identity"."verification_codes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" uuid NOT NULL, "purpose" text NOT NULL, "codeHash" text NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_18741b6b8bf1680dbf5057421d7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "verification_codes_user_purpose_key" ON "identity"."verification_codes" ("userId", "purpose") `,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."sign_in_challenges" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "tokenHash" text NOT NULL, "userId" uuid NOT NULL, "step" text NOT NULL, "guestUserId" uuid, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f57d5bce65af0940271d12af92d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "sign_in_challenges_token_hash_key" ON "identity"."sign_in_challenges" ("tokenHash") `,
    );
    await queryRunner.query(
      `CREATE INDEX "sign_in_challenges_user_id_idx" ON "identity"."sign_in_challenges" ("userId") `,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."outbox_messages" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "to" text NOT NULL, "subject" text NOT NULL, "text" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0171348f527c64b137e4d4f5b66" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "outbox_messages_created_idx" ON "identity"."outbox_messages" ("createdAt") `,
    );
    await queryRunner.query(
      `CREATE TABLE "identity"."rate_limits" ("key" character varying(255) NOT NULL, "points" integer NOT NULL DEFAULT '0', "expire" bigint, CONSTRAINT "PK_8cb6aa4831e3e775ccf370521db" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(`ALTER TABLE "identity"."guest_users" ADD "convertedUserId" uuid`);
    await queryRunner.query(`ALTER TABLE "identity"."refresh_tokens" ADD "successorId" uuid`);
    await queryRunner.query(`ALTER TABLE "identity"."users" ADD "confirmed" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `ALTER TABLE "identity"."users" ADD "passwordChangeRequired" boolean NOT NULL DEFAULT false`,
    );
    await queryRunner.query(
      `ALTER TABLE "identity"."users" ADD "passwordResetRequired" boolean NOT NULL DEFAULT false`,
    );
    await queryRunner.query(`ALTER TABLE "identity"."users" ADD "attributes" jsonb NOT NULL DEFAULT '{}'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."users" DROP COLUMN "attributes"`);
    await queryRunner.query(`ALTER TABLE "identity"."users" DROP COLUMN "passwordResetRequired"`);
    await queryRunner.query(`ALTER TABLE "identity"."users" DROP COLUMN "passwordChangeRequired"`);
    await queryRunner.query(`ALTER TABLE "identity"."users" DROP COLUMN "confirmed"`);
    await queryRunner.query(`ALTER TABLE "identity"."refresh_tokens" DROP COLUMN "successorId"`);
    await queryRunner.query(`ALTER TABLE "identity"."guest_users" DROP COLUMN "convertedUserId"`);
    await queryRunner.query(`DROP TABLE "identity"."rate_limits"`);
    await queryRunner.query(`DROP INDEX "identity"."outbox_messages_created_idx"`);
    await queryRunner.query(`DROP TABLE "identity"."outbox_messages"`);
    await queryRunner.query(`DROP INDEX "identity"."sign_in_challenges_user_id_idx"`);
    await queryRunner.query(`DROP INDEX "identity"."sign_in_challenges_token_hash_key"`);
    await queryRunner.query(`DROP TABLE "identity"."sign_in_challenges"`);
    await queryRunner.query(`DROP INDEX "identity"."verification_codes_user_purpose_key"`);
    await queryRunner.query(`DROP TABLE "identity"."verification_codes"`);
    await queryRunner.query(`DROP INDEX "identity"."sessions_user_id_idx"`);
    await queryRunner.query(`DROP TABLE "identity"."sessions"`);
  }
}
