import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatorKnowledge1796410000000 implements MigrationInterface {
  name = 'CreatorKnowledge1796410000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "creators"."creator_corrected_answers" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "creatorId" uuid NOT NULL, "question" text NOT NULL, "answer" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_528b06b9af6f443df852377a5d5" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "creator_corrected_answers_creator_id_idx" ON "creators"."creator_corrected_answers" ("creatorId", "updatedAt") `);
    await queryRunner.query(`CREATE TABLE "creators"."creator_knowledge_notes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "creatorId" uuid NOT NULL, "title" text NOT NULL, "text" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_55206155fc3ff24a063ff52abe7" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "creator_knowledge_notes_creator_id_idx" ON "creators"."creator_knowledge_notes" ("creatorId", "updatedAt") `);
    await queryRunner.query(`CREATE TABLE "creators"."creator_post_exclusions" ("postId" uuid NOT NULL, "creatorId" uuid NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_50f8a70d0a96eea779b394c1631" PRIMARY KEY ("postId"))`);
    await queryRunner.query(`CREATE INDEX "creator_post_exclusions_creator_id_idx" ON "creators"."creator_post_exclusions" ("creatorId") `);
    await queryRunner.query(`CREATE TABLE "creators"."creator_knowledge_index" ("creatorId" uuid NOT NULL, "version" integer NOT NULL DEFAULT '0', "indexedVersion" integer NOT NULL DEFAULT '0', "done" integer NOT NULL DEFAULT '0', "total" integer NOT NULL DEFAULT '0', "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_89ff7a121ec8a6c857465017197" PRIMARY KEY ("creatorId"))`);
    await queryRunner.query(`ALTER TABLE "creators"."creator_corrected_answers" ADD CONSTRAINT "FK_02d2f129c07cb10f9b69cb45220" FOREIGN KEY ("creatorId") REFERENCES "creators"."creators"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "creators"."creator_knowledge_notes" ADD CONSTRAINT "FK_fef1c77ea6859fd441c902f4d21" FOREIGN KEY ("creatorId") REFERENCES "creators"."creators"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "creators"."creator_post_exclusions" ADD CONSTRAINT "FK_50f8a70d0a96eea779b394c1631" FOREIGN KEY ("postId") REFERENCES "creators"."posts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "creators"."creator_post_exclusions" ADD CONSTRAINT "FK_ea852ec7c6a0856a2f98c912931" FOREIGN KEY ("creatorId") REFERENCES "creators"."creators"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "creators"."creator_knowledge_index" ADD CONSTRAINT "FK_89ff7a121ec8a6c857465017197" FOREIGN KEY ("creatorId") REFERENCES "creators"."creators"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "creators"."creator_knowledge_index" DROP CONSTRAINT "FK_89ff7a121ec8a6c857465017197"`);
    await queryRunner.query(`ALTER TABLE "creators"."creator_post_exclusions" DROP CONSTRAINT "FK_ea852ec7c6a0856a2f98c912931"`);
    await queryRunner.query(`ALTER TABLE "creators"."creator_post_exclusions" DROP CONSTRAINT "FK_50f8a70d0a96eea779b394c1631"`);
    await queryRunner.query(`ALTER TABLE "creators"."creator_knowledge_notes" DROP CONSTRAINT "FK_fef1c77ea6859fd441c902f4d21"`);
    await queryRunner.query(`ALTER TABLE "creators"."creator_corrected_answers" DROP CONSTRAINT "FK_02d2f129c07cb10f9b69cb45220"`);
    await queryRunner.query(`DROP TABLE "creators"."creator_knowledge_index"`);
    await queryRunner.query(`DROP INDEX "creators"."creator_post_exclusions_creator_id_idx"`);
    await queryRunner.query(`DROP TABLE "creators"."creator_post_exclusions"`);
    await queryRunner.query(`DROP INDEX "creators"."creator_knowledge_notes_creator_id_idx"`);
    await queryRunner.query(`DROP TABLE "creators"."creator_knowledge_notes"`);
    await queryRunner.query(`DROP INDEX "creators"."creator_corrected_answers_creator_id_idx"`);
    await queryRunner.query(`DROP TABLE "creators"."creator_corrected_answers"`);
  }
}
