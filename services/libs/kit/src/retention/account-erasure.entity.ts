import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A deleted account whose data a service still has to erase (docs/retention.md): the
 * service stores one when it takes the durable `<service>.account.deleted` message, and
 * its retention job erases the user's records once `dueAt` has passed, then removes the
 * row. Kept in each service's own schema (it lists this entity in its ServiceDatabase
 * and has a migration for it), like `durable_messages`.
 */
@Entity({ name: 'account_erasures' })
@Index(['dueAt'])
export class AccountErasureEntity {
  @PrimaryColumn('uuid')
  userId!: string;

  /** When identity deleted the account. */
  @Column({ type: 'timestamptz' })
  deletedAt!: Date;

  /** When the service's term ends and the records go. */
  @Column({ type: 'timestamptz' })
  dueAt!: Date;

  @Column({ type: 'boolean' })
  wasCreator!: boolean;
}
