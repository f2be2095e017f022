import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A session (refresh-token family) that began with an OAuth sign-in: sign-out offers the provider's logout. */
@Entity({ name: 'oauth_sessions' })
export class OAuthSessionEntity {
  @PrimaryColumn('uuid')
  familyId!: string;

  @Column({ type: 'text' })
  provider!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
