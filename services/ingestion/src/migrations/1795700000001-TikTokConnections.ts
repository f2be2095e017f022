import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TikTokConnections1795700000001 implements MigrationInterface {
  name = 'TikTokConnections1795700000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "ingestion"."tiktok_connections" ("userId" text NOT NULL, "openId" text NOT NULL, "username" text NOT NULL, "displayName" text NOT NULL, "avatarUrl" text NOT NULL, "scope" text NOT NULL, "accessToken" text NOT NULL, "accessTokenExpiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "refreshToken" text NOT NULL, "refreshTokenExpiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "connectedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_tiktok_connections_user" PRIMARY KEY ("userId"))`);
    await queryRunner.query(`CREATE TABLE "ingestion"."tiktok_authorizations" ("stateHash" text NOT NULL, "userId" text NOT NULL, "bindingHash" text NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_tiktok_authorizations_state" PRIMARY KEY ("stateHash"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ingestion"."tiktok_authorizations"`);
    await queryRunner.query(`DROP TABLE "ingestion"."tiktok_connections"`);
  }
}
