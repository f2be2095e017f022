import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795236036944 implements MigrationInterface {
  name = 'Init1795236036944';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "creators"."creators" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "owner" text NOT NULL, "userId" text NOT NULL, "tiktokURL" text NOT NULL, "handle" text NOT NULL, "secUid" text, "bio" text NOT NULL DEFAULT '', "nickName" text NOT NULL DEFAULT '', "thumb" text NOT NULL DEFAULT '', "stripeAccountId" text, "stripePriceId" text, "essencePrompt" text NOT NULL DEFAULT '', "creatorPrompt" text NOT NULL DEFAULT '', "price_per_subscription" integer NOT NULL DEFAULT '1000', "onboardingComplete" boolean NOT NULL DEFAULT false, "demoAccount" boolean NOT NULL DEFAULT false, "featured" boolean NOT NULL DEFAULT false, "followerCount" integer NOT NULL DEFAULT '0', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b27dd693f7df17bbfc21f00166a" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "creators_user_id_idx" ON "creators"."creators" ("userId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "creators_handle_key" ON "creators"."creators" ("handle") `);
    await queryRunner.query(`CREATE TABLE "creators"."creator_init_statuses" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "owner" text NOT NULL, "creatorId" text NOT NULL, "status" text NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7199f3bac133f9dd36886822a47" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "creator_init_statuses_creator_id_updated_idx" ON "creators"."creator_init_statuses" ("creatorId", "updatedAt") `);
    await queryRunner.query(`CREATE TABLE "creators"."posts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "owner" text NOT NULL, "creatorId" uuid NOT NULL, "videoUrl" text NOT NULL, "captionUrl" text NOT NULL, "caption" text NOT NULL, "desc" text NOT NULL, "transcript" text NOT NULL DEFAULT '', "tikTokCreatedAt" TIMESTAMP WITH TIME ZONE NOT NULL, "awemeId" text NOT NULL, "s3Path" text, "coverS3Path" text, "s3CoverPublicUrl" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2829ac61eff60fcec60d7274b9e" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "posts_creator_id_created_idx" ON "creators"."posts" ("creatorId", "tikTokCreatedAt") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "posts_creator_id_aweme_id_key" ON "creators"."posts" ("creatorId", "awemeId") `);
    await queryRunner.query(`CREATE TABLE "creators"."creator_verification_keys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "owner" text NOT NULL, "userId" text NOT NULL, "key" text NOT NULL, "secUid" text NOT NULL, "tikTokUserId" text NOT NULL, "verified" boolean, "followerCount2500" boolean, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_52f68868455bf179035557eee13" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "creator_verification_keys_user_id_idx" ON "creators"."creator_verification_keys" ("userId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "creators"."creator_verification_keys_user_id_idx"`);
    await queryRunner.query(`DROP TABLE "creators"."creator_verification_keys"`);
    await queryRunner.query(`DROP INDEX "creators"."posts_creator_id_aweme_id_key"`);
    await queryRunner.query(`DROP INDEX "creators"."posts_creator_id_created_idx"`);
    await queryRunner.query(`DROP TABLE "creators"."posts"`);
    await queryRunner.query(`DROP INDEX "creators"."creator_init_statuses_creator_id_updated_idx"`);
    await queryRunner.query(`DROP TABLE "creators"."creator_init_statuses"`);
    await queryRunner.query(`DROP INDEX "creators"."creators_handle_key"`);
    await queryRunner.query(`DROP INDEX "creators"."creators_user_id_idx"`);
    await queryRunner.query(`DROP TABLE "creators"."creators"`);
  }
}
