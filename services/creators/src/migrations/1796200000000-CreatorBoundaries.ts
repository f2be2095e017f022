import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatorBoundaries1796200000000 implements MigrationInterface {
  name = 'CreatorBoundaries1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "creators"."creator_boundaries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "creatorId" uuid NOT NULL, "position" integer NOT NULL, "topic" text NOT NULL, "decline" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_90e5a6ac5dd97353f442cc87977" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "creator_boundaries_creator_id_position_idx" ON "creators"."creator_boundaries" ("creatorId", "position") `);
    await queryRunner.query(`ALTER TABLE "creators"."creator_boundaries" ADD CONSTRAINT "FK_012587f9618d706c24a82f9916f" FOREIGN KEY ("creatorId") REFERENCES "creators"."creators"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "creators"."creator_boundaries" DROP CONSTRAINT "FK_012587f9618d706c24a82f9916f"`);
    await queryRunner.query(`DROP INDEX "creators"."creator_boundaries_creator_id_position_idx"`);
    await queryRunner.query(`DROP TABLE "creators"."creator_boundaries"`);
  }
}
