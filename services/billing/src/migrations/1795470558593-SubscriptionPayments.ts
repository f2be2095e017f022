import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SubscriptionPayments1795470558593 implements MigrationInterface {
  name = 'SubscriptionPayments1795470558593';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "billing"."subscription_payments" ("invoiceId" text NOT NULL, "owner" uuid NOT NULL, "creatorId" uuid NOT NULL, "stripeSubscriptionId" text NOT NULL, "amountPaid" integer NOT NULL, "applicationFee" integer NOT NULL, "currency" text NOT NULL, "paidAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_0776bd4fd4b04a3c9ee47945eb8" PRIMARY KEY ("invoiceId"))`);
    await queryRunner.query(`CREATE INDEX "subscription_payments_creator_paid_idx" ON "billing"."subscription_payments" ("creatorId", "paidAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "billing"."subscription_payments_creator_paid_idx"`);
    await queryRunner.query(`DROP TABLE "billing"."subscription_payments"`);
  }
}
