import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795236038969 implements MigrationInterface {
  name = 'Init1795236038969';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "billing"."creator_subscriptions" ("userId" uuid NOT NULL, "creatorId" uuid NOT NULL, "owner" uuid NOT NULL, "startDate" TIMESTAMP WITH TIME ZONE NOT NULL, "endDate" TIMESTAMP WITH TIME ZONE NOT NULL, "status" text NOT NULL, "paymentId" text, "stripeSubscriptionId" text, CONSTRAINT "PK_3d8671878528addebb976aaa023" PRIMARY KEY ("userId", "creatorId"))`);
    await queryRunner.query(`CREATE TABLE "billing"."stripe_accounts" ("creatorId" uuid NOT NULL, "stripeAccountId" text NOT NULL, "stripePriceId" text, "onboardingComplete" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5cba1736c28ff8af6cf64db8101" PRIMARY KEY ("creatorId"))`);
    await queryRunner.query(`CREATE TABLE "billing"."stripe_customers" ("userId" uuid NOT NULL, "stripeCustomerId" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1471f71a3e248e6e76e0993b45a" PRIMARY KEY ("userId"))`);
    await queryRunner.query(`CREATE TABLE "billing"."processed_webhook_events" ("eventId" text NOT NULL, "type" text NOT NULL, "processedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_368ec518fc75788b7910ead7c7c" PRIMARY KEY ("eventId"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "billing"."processed_webhook_events"`);
    await queryRunner.query(`DROP TABLE "billing"."stripe_customers"`);
    await queryRunner.query(`DROP TABLE "billing"."stripe_accounts"`);
    await queryRunner.query(`DROP TABLE "billing"."creator_subscriptions"`);
  }
}
