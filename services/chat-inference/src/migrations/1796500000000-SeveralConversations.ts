import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "My chats" (issue 24 item 1): several conversations per fan and creator (the unique index becomes
 * a plain one), when the fan last opened each (unread replies), and an index for searching a fan's
 * own messages (ILIKE over the fan's rows, docs/chat.md "My chats").
 */
export class SeveralConversations1796500000000 implements MigrationInterface {
  name = 'SeveralConversations1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "chat_inference"."conversations_owner_creator_key"`);
    await queryRunner.query(`CREATE INDEX "conversations_owner_creator_idx" ON "chat_inference"."conversations" ("owner", "creatorId") `);
    await queryRunner.query(`ALTER TABLE "chat_inference"."conversations" ADD "lastReadAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "chat_inference"."conversations" SET "lastReadAt" = now()`);
    await queryRunner.query(`CREATE INDEX "messages_owner_created_idx" ON "chat_inference"."messages" ("owner", "createdAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "chat_inference"."messages_owner_created_idx"`);
    await queryRunner.query(`ALTER TABLE "chat_inference"."conversations" DROP COLUMN "lastReadAt"`);
    await queryRunner.query(`DROP INDEX "chat_inference"."conversations_owner_creator_idx"`);
    // Going back to one conversation per fan and creator: all but each pair's newest go, with their messages.
    await queryRunner.query(`DELETE FROM "chat_inference"."messages" m USING "chat_inference"."conversations" c WHERE m."conversationId" = c.id AND EXISTS (SELECT 1 FROM "chat_inference"."conversations" n WHERE n.owner = c.owner AND n."creatorId" = c."creatorId" AND (n."createdAt", n.id) > (c."createdAt", c.id))`);
    await queryRunner.query(`DELETE FROM "chat_inference"."conversations" c WHERE EXISTS (SELECT 1 FROM "chat_inference"."conversations" n WHERE n.owner = c.owner AND n."creatorId" = c."creatorId" AND (n."createdAt", n.id) > (c."createdAt", c.id))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "conversations_owner_creator_key" ON "chat_inference"."conversations" ("owner", "creatorId") `);
  }
}
