import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatorVerificationAndPromptVersions1795459287414 implements MigrationInterface {
  name = 'CreatorVerificationAndPromptVersions1795459287414';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "creators"."creator_verification_keys_user_id_idx"`);
    await queryRunner.query(`CREATE TABLE "creators"."creator_prompt_versions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "creatorId" uuid NOT NULL, "version" integer NOT NULL, "creatorPrompt" text NOT NULL, "editedBy" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_261b2f7db03a424ea3c40d865fa" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "creator_prompt_versions_creator_id_version_key" ON "creators"."creator_prompt_versions" ("creatorId", "version") `);
    await queryRunner.query(`ALTER TABLE "creators"."creators" ADD "initComplete" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`ALTER TABLE "creators"."creators" ADD "verifiedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE UNIQUE INDEX "creators_sec_uid_key" ON "creators"."creators" ("secUid") WHERE "secUid" IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "creator_verification_keys_user_id_key" ON "creators"."creator_verification_keys" ("userId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "creator_verification_keys_verified_sec_uid_key" ON "creators"."creator_verification_keys" ("secUid") WHERE "verified" = true`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "creators"."creator_verification_keys_verified_sec_uid_key"`);
    await queryRunner.query(`DROP INDEX "creators"."creator_verification_keys_user_id_key"`);
    await queryRunner.query(`DROP INDEX "creators"."creators_sec_uid_key"`);
    await queryRunner.query(`ALTER TABLE "creators"."creators" DROP COLUMN "verifiedAt"`);
    await queryRunner.query(`ALTER TABLE "creators"."creators" DROP COLUMN "initComplete"`);
    await queryRunner.query(`DROP INDEX "creators"."creator_prompt_versions_creator_id_version_key"`);
    await queryRunner.query(`DROP TABLE "creators"."creator_prompt_versions"`);
    await queryRunner.query(`CREATE INDEX "creator_verification_keys_user_id_idx" ON "creators"."creator_verification_keys" ("userId") `);
  }
}
