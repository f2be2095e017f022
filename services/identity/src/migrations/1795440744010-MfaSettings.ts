import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MfaSettings1795440744010 implements MigrationInterface {
  name = 'MfaSettings1795440744010';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "identity"."mfa_settings" ("userId" uuid NOT NULL, "totpSecret" text, "pendingTotpSecret" text, "totpLastStep" bigint, "email" text, "pendingEmail" text, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_734800cba79049f307835a5b80a" PRIMARY KEY ("userId"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."mfa_settings"`);
  }
}
