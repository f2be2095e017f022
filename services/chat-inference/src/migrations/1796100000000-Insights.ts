import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Insights1796100000000 implements MigrationInterface {
  name = 'Insights1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "chat_inference"."fan_questions" ("id" uuid NOT NULL, "creatorId" uuid NOT NULL, "fanId" uuid NOT NULL, "text" text NOT NULL, "answered" boolean NOT NULL, "week" date NOT NULL, "askedAt" TIMESTAMP WITH TIME ZONE NOT NULL, "topicId" uuid, CONSTRAINT "PK_fan_questions_id" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "fan_questions_topic_idx" ON "chat_inference"."fan_questions" ("topicId", "askedAt") `);
    await queryRunner.query(`CREATE INDEX "fan_questions_ungrouped_idx" ON "chat_inference"."fan_questions" ("creatorId", "askedAt") WHERE "topicId" IS NULL`);
    await queryRunner.query(`CREATE INDEX "fan_questions_fan_idx" ON "chat_inference"."fan_questions" ("fanId") `);
    await queryRunner.query(`CREATE INDEX "fan_questions_creator_week_idx" ON "chat_inference"."fan_questions" ("creatorId", "week", "topicId", "fanId") `);
    await queryRunner.query(`CREATE TABLE "chat_inference"."question_topics" ("id" uuid NOT NULL, "creatorId" uuid NOT NULL, "key" text NOT NULL, "label" text NOT NULL, "size" integer NOT NULL DEFAULT '0', "centroid" real array, "videoTitle" text, CONSTRAINT "PK_question_topics_id" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "question_topics_creator_key_idx" ON "chat_inference"."question_topics" ("creatorId", "key") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "chat_inference"."question_topics_creator_key_idx"`);
    await queryRunner.query(`DROP TABLE "chat_inference"."question_topics"`);
    await queryRunner.query(`DROP INDEX "chat_inference"."fan_questions_creator_week_idx"`);
    await queryRunner.query(`DROP INDEX "chat_inference"."fan_questions_fan_idx"`);
    await queryRunner.query(`DROP INDEX "chat_inference"."fan_questions_ungrouped_idx"`);
    await queryRunner.query(`DROP INDEX "chat_inference"."fan_questions_topic_idx"`);
    await queryRunner.query(`DROP TABLE "chat_inference"."fan_questions"`);
  }
}
