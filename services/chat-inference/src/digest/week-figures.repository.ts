import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ChatWeekFigures } from '@backtalk/proto';
import type { DataSource } from 'typeorm';

@Injectable()
export class ChatWeekFiguresRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One creator's chat figures of [from, to) for the weekly digest: fans who sent the persona a
   * message in it (the creator's own user is no fan), the messages they sent, and the fans' reports
   * about the persona's replies filed in it. Counts only: nothing names a fan.
   */
  async figures(creatorId: string, creatorUserId: string, from: Date, to: Date): Promise<ChatWeekFigures> {
    const [row] = (await this.dataSource.query(
      `WITH sent AS (
         SELECT m.owner FROM messages m JOIN conversations c ON c.id = m."conversationId"
          WHERE c."creatorId" = $1 AND m.role = 'user' AND m.owner = c.owner
            AND m."createdAt" >= $2 AND m."createdAt" < $3
            AND m.owner <> $4)
       SELECT (SELECT count(DISTINCT owner) FROM sent)::int AS fans,
              (SELECT count(*) FROM sent)::int AS messages,
              (SELECT count(*) FROM message_reports r
                WHERE r."creatorId" = $1 AND r."createdAt" >= $2 AND r."createdAt" < $3)::int AS reports`,
      [creatorId, from, to, creatorUserId],
    )) as ChatWeekFigures[];
    return row ?? { fans: 0, messages: 0, reports: 0 };
  }
}
