import {
  adminReportListQuerySchema,
  adminReportListReplySchema,
  adminReportSchema,
  creatorReportListReplySchema,
  idSchema,
  personaPauseBodySchema,
  personaPauseSetReplySchema,
  reportActBodySchema,
  reportCreateBodySchema,
  reportCreateReplySchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

// The proto schemas minus what the gateway fills in (the actor from the token, ids from the path).

export class ReportMessageParams extends createZodDto(
  z.object({ id: idSchema, messageId: idSchema }).strict(),
) {}
export class ReportCreateBody extends createZodDto(reportCreateBodySchema) {}
export class ReportCreateResponse extends createZodDto(reportCreateReplySchema) {}

export class AdminReportListQuery extends createZodDto(adminReportListQuerySchema) {}
export class AdminReportListResponse extends createZodDto(adminReportListReplySchema) {}
export class ReportIdParams extends createZodDto(z.object({ reportId: idSchema }).strict()) {}
export class ReportActBody extends createZodDto(reportActBodySchema) {}
export class AdminReportResponse extends createZodDto(adminReportSchema) {}

export class CreatorIdParams extends createZodDto(z.object({ creatorId: idSchema }).strict()) {}
export class CreatorReportListResponse extends createZodDto(creatorReportListReplySchema) {}
export class PersonaPauseBody extends createZodDto(personaPauseBodySchema) {}
export class PersonaPauseResponse extends createZodDto(personaPauseSetReplySchema) {}
