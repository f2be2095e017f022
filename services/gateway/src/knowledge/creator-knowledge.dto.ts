import {
  correctedAnswerInputSchema,
  idSchema,
  knowledgeNoteInputSchema,
  knowledgeReplySchema,
  postExclusionBodySchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

/** What the persona may know (docs/creators.md, "Knowledge"). */
export class KnowledgeResponse extends createZodDto(knowledgeReplySchema) {}
export class CorrectedAnswerBody extends createZodDto(correctedAnswerInputSchema) {}
export class KnowledgeNoteBody extends createZodDto(knowledgeNoteInputSchema) {}
export class PostExclusionBody extends createZodDto(postExclusionBodySchema) {}
export class KnowledgeEntryParams extends createZodDto(
  z.object({ creatorId: idSchema, id: idSchema }).strict(),
) {}
export class KnowledgePostParams extends createZodDto(
  z.object({ creatorId: idSchema, postId: idSchema }).strict(),
) {}
