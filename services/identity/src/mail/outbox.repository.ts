import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { managerOf, type Transaction } from '@backtalk/kit';
import { Repository } from 'typeorm';
import type { MailMessage } from './mailer';
import { OutboxMessageEntity } from './outbox-message.entity';

/** The outbox keeps only the newest messages: it is for looking at, not an archive. */
const OUTBOX_KEEP = 500;

@Injectable()
export class OutboxRepository {
  constructor(
    @InjectRepository(OutboxMessageEntity) private readonly messages: Repository<OutboxMessageEntity>,
  ) {}

  /** Keeps a message; with `transaction`, in the caller's transaction (it rolls back with it). */
  async add(
    message: MailMessage & { channel?: OutboxMessageEntity['channel'] },
    transaction?: Transaction,
  ): Promise<void> {
    const manager = transaction ? managerOf(transaction) : this.messages.manager;
    await manager.insert(OutboxMessageEntity, { channel: 'email', ...message });
    await manager.query(
      `DELETE FROM outbox_messages WHERE id IN (
         SELECT id FROM outbox_messages ORDER BY "createdAt" DESC, id OFFSET $1)`,
      [OUTBOX_KEEP],
    );
  }

  /** Newest first. */
  newest(limit: number): Promise<OutboxMessageEntity[]> {
    return this.messages.find({ order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }
}
