import {
  draftSaveBodySchema,
  personaDraftSchema,
  previewAskBodySchema,
  previewAskReplySchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';

/** Drafts, preview and publish (docs/creators.md). */
export class PersonaDraftResponse extends createZodDto(personaDraftSchema) {}
export class PersonaDraftSaveBody extends createZodDto(draftSaveBodySchema) {}
export class PreviewAskBody extends createZodDto(previewAskBodySchema) {}
export class PreviewAskResponse extends createZodDto(previewAskReplySchema) {}
