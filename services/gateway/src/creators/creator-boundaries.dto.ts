import {
  boundaryListReplySchema,
  boundaryPreviewBodySchema,
  boundaryPreviewReplySchema,
  boundarySetBodySchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';

/** A creator's boundaries (docs/safety.md, "Creator boundaries"). */
export class BoundaryListResponse extends createZodDto(boundaryListReplySchema) {}
export class BoundarySetBody extends createZodDto(boundarySetBodySchema) {}
export class BoundaryPreviewBody extends createZodDto(boundaryPreviewBodySchema) {}
export class BoundaryPreviewResponse extends createZodDto(boundaryPreviewReplySchema) {}
