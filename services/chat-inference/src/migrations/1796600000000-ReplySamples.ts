import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ReplySamples1796600000000 implements MigrationInterface {
  name = 'ReplySamples1796600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "chat_inference"."reply_samples" ("id" uuid NOT NULL, "creatorId" uuid NOT NULL, "fanId" uuid NOT NULL, "messageId" uuid NOT NULL, "question" text NOT NULL, "reply" text NOT NULL, "day" date NOT NULL, "sampledAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "rating" text, "ratedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "REL_1fca230fd94860f5d91a8d15f4" UNIQUE ("messageId"), CONSTRAINT "PK_d404942057820ba5b5b2a70bec5" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "reply_samples_fan_day_idx" ON "chat_inference"."reply_samples" ("fanId", "creatorId", "day") `);
    await queryRunner.query(`CREATE INDEX "reply_samples_creator_sampled_idx" ON "chat_inference"."reply_samples" ("creatorId", "sampledAt") `);
    await queryRunner.query(`CREATE TABLE "chat_inference"."reply_sampling_opt_outs" ("owner" uuid NOT NULL, "optedOutAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c283db3c68e5d3e0ccadd12b50f" PRIMARY KEY ("owner"))`);
    await queryRunner.query(`ALTER TABLE "chat_inference"."reply_samples" ADD CONSTRAINT "FK_1fca230fd94860f5d91a8d15f4d" FOREIGN KEY ("messageId") REFERENCES "chat_inference"."messages"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_inference"."reply_samples" DROP CONSTRAINT "FK_1fca230fd94860f5d91a8d15f4d"`);
    await queryRunner.query(`DROP TABLE "chat_inference"."reply_sampling_opt_outs"`);
    await queryRunner.query(`DROP INDEX "chat_inference"."reply_samples_creator_sampled_idx"`);
    await queryRunner.query(`DROP INDEX "chat_inference"."reply_samples_fan_day_idx"`);
    await queryRunner.query(`DROP TABLE "chat_inference"."reply_samples"`);
  }
}
