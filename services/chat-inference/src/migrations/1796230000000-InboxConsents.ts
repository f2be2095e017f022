import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InboxConsents1796230000000 implements MigrationInterface {
  name = 'InboxConsents1796230000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "chat_inference"."inbox_consents" ("conversationId" uuid NOT NULL, "allowedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "inPersonSince" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_23f5457672614394b78d3be7312" PRIMARY KEY ("conversationId"))`);
    await queryRunner.query(`CREATE TABLE "chat_inference"."conversation_watches" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "conversationId" uuid NOT NULL, "seenAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_760160daa86d140218f59f1a174" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "conversation_watches_conversation_idx" ON "chat_inference"."conversation_watches" ("conversationId") `);
    await queryRunner.query(`ALTER TABLE "chat_inference"."inbox_consents" ADD CONSTRAINT "FK_23f5457672614394b78d3be7312" FOREIGN KEY ("conversationId") REFERENCES "chat_inference"."conversations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "chat_inference"."conversation_watches" ADD CONSTRAINT "FK_f25af7ab71ef7f4a2505560444e" FOREIGN KEY ("conversationId") REFERENCES "chat_inference"."conversations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_inference"."conversation_watches" DROP CONSTRAINT "FK_f25af7ab71ef7f4a2505560444e"`);
    await queryRunner.query(`ALTER TABLE "chat_inference"."inbox_consents" DROP CONSTRAINT "FK_23f5457672614394b78d3be7312"`);
    await queryRunner.query(`DROP INDEX "chat_inference"."conversation_watches_conversation_idx"`);
    await queryRunner.query(`DROP TABLE "chat_inference"."conversation_watches"`);
    await queryRunner.query(`DROP TABLE "chat_inference"."inbox_consents"`);
  }
}
