import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A fan's question to a creator's persona, as insights keep it (docs/insights.md): scrubbed of
 * personal data, with whether the creator's posts answered it and its week. `fanId` counts
 * different fans and lets an account's erasure find its questions; it is never shown.
 */
@Entity({ name: 'fan_questions' })
@Index('fan_questions_creator_week_idx', ['creatorId', 'week', 'topicId', 'fanId'])
@Index('fan_questions_fan_idx', ['fanId'])
@Index('fan_questions_ungrouped_idx', ['creatorId', 'askedAt'], { where: `"topicId" IS NULL` })
@Index('fan_questions_topic_idx', ['topicId', 'askedAt'])
export class FanQuestionEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  creatorId!: string;

  @Column({ type: 'uuid' })
  fanId!: string;

  @Column({ type: 'text' })
  text!: string;

  /** Retrieval found a post that answers it; false makes it a video idea. */
  @Column({ type: 'boolean' })
  answered!: boolean;

  /** The Monday (UTC) of the week it was asked. */
  @Column({ type: 'date' })
  week!: string;

  @Column({ type: 'timestamptz' })
  askedAt!: Date;

  /** Null until the background job grouped it. */
  @Column({ type: 'uuid', nullable: true })
  topicId!: string | null;
}

/** A topic of one creator's fan questions: a key term, and a centroid where embeddings group them. */
@Entity({ name: 'question_topics' })
@Index('question_topics_creator_key_idx', ['creatorId', 'key'], { unique: true })
export class QuestionTopicEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  creatorId!: string;

  @Column({ type: 'text' })
  key!: string;

  @Column({ type: 'text' })
  label!: string;

  @Column({ type: 'integer', default: 0 })
  size!: number;

  @Column({ type: 'real', array: true, nullable: true })
  centroid!: number[] | null;

  /** The chat model's suggested video title, written once the topic has an unanswered question. */
  @Column({ type: 'text', nullable: true })
  videoTitle!: string | null;
}
