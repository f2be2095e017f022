import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SentMails1796410000000 implements MigrationInterface {
  name = 'SentMails1796410000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "identity"."sent_mails" ("idempotencyKey" text NOT NULL, "userId" uuid NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9fc74a2176b93365320b101633f" PRIMARY KEY ("idempotencyKey"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."sent_mails"`);
  }
}
