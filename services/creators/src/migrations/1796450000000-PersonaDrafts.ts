import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PersonaDrafts1796450000000 implements MigrationInterface {
  name = 'PersonaDrafts1796450000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "creators"."persona_drafts" ("creatorId" uuid NOT NULL, "creatorPrompt" text, "boundaries" jsonb, "updatedBy" text NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_persona_drafts_creator_id" PRIMARY KEY ("creatorId"))`);
    await queryRunner.query(`ALTER TABLE "creators"."persona_drafts" ADD CONSTRAINT "FK_8e503cbb18e63d4886a3d6f5ca6" FOREIGN KEY ("creatorId") REFERENCES "creators"."creators"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "creators"."persona_drafts" DROP CONSTRAINT "FK_8e503cbb18e63d4886a3d6f5ca6"`);
    await queryRunner.query(`DROP TABLE "creators"."persona_drafts"`);
  }
}
