import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WeeklyDigest1796460000000 implements MigrationInterface {
  name = 'WeeklyDigest1796460000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "creators"."digest_settings" ("creatorId" uuid NOT NULL, "weeklyDigest" boolean NOT NULL DEFAULT true, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c4d29466e4c49e23e9e6cc7992f" PRIMARY KEY ("creatorId"))`);
    await queryRunner.query(`CREATE TABLE "creators"."digest_sends" ("creatorId" uuid NOT NULL, "weekStart" TIMESTAMP WITH TIME ZONE NOT NULL, "sent" boolean NOT NULL, "recordedAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_a7255eb1eaf1eba56e20e26f13a" PRIMARY KEY ("creatorId", "weekStart"))`);
    await queryRunner.query(`CREATE TABLE "creators"."digest_keys" ("id" integer NOT NULL, "secret" text NOT NULL, CONSTRAINT "PK_3d9cef1a122fbcc36a763241f4f" PRIMARY KEY ("id"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "creators"."digest_keys"`);
    await queryRunner.query(`DROP TABLE "creators"."digest_sends"`);
    await queryRunner.query(`DROP TABLE "creators"."digest_settings"`);
  }
}
