import type { CorrectedAnswer, KnowledgeNote, KnowledgePost } from '@backtalk/proto';
import type { CorrectedAnswerEntity, KnowledgeNoteEntity } from './knowledge.entity';
import type { PostWithExclusion } from './knowledge.repository';

export function toCorrectedAnswer(entity: CorrectedAnswerEntity): CorrectedAnswer {
  return {
    id: entity.id,
    question: entity.question,
    answer: entity.answer,
    updatedAt: entity.updatedAt.toISOString(),
  };
}

export function toKnowledgeNote(entity: KnowledgeNoteEntity): KnowledgeNote {
  return { id: entity.id, title: entity.title, text: entity.text, updatedAt: entity.updatedAt.toISOString() };
}

export function toKnowledgePost({ post, excluded }: PostWithExclusion): KnowledgePost {
  return {
    id: post.id,
    caption: post.caption || post.desc,
    tikTokCreatedAt: post.tikTokCreatedAt.toISOString(),
    videoUrl: post.videoUrl,
    excluded,
  };
}
