import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Sms1796500000000 implements MigrationInterface {
  name = 'Sms1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."users" ADD "verifiedPhoneNumber" text`);
    await queryRunner.query(`ALTER TABLE "identity"."mfa_settings" ADD "sms" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "identity"."outbox_messages" ADD "channel" text NOT NULL DEFAULT 'email'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."outbox_messages" DROP COLUMN "channel"`);
    await queryRunner.query(`ALTER TABLE "identity"."mfa_settings" DROP COLUMN "sms"`);
    await queryRunner.query(`ALTER TABLE "identity"."users" DROP COLUMN "verifiedPhoneNumber"`);
  }
}
