import { z } from 'zod';
import { actorSchema, idSchema, isoDateSchema, textSchema } from './common';

/**
 * Reports on persona replies, their review and the actions on a fan or a persona (docs/safety.md,
 * "Reports"). chat-inference owns reports, fan cool-downs and suspensions from chat; creators owns
 * whether a persona is paused.
 */

/** Why a fan reports a reply (the report dialog's choices). */
export const reportReasonSchema = z.enum([
  'harmful',
  'sexual',
  'hateful-or-harassing',
  'false-about-creator',
  'other',
]);
export type ReportReason = z.infer<typeof reportReasonSchema>;

/** open → dismissed | actioned; a closed report is never reopened (a new report can be filed). */
export const reportStateSchema = z.enum(['open', 'dismissed', 'actioned']);
export type ReportState = z.infer<typeof reportStateSchema>;

/**
 * What an admin does with a report. On an open one, every action but `dismiss` leaves it
 * `actioned`. The reversals undo what an action did, on a report in any state, and leave its state
 * and action as they are: `lift-fan-standing` ends the reporting fan's suspension and cool-down,
 * `unhide-message` shows the reported message to the fan again (docs/safety.md, "Reports").
 */
export const reportActionSchema = z.enum([
  'dismiss',
  'hide-message',
  'cool-down-fan',
  'suspend-fan',
  'pause-persona',
  'lift-fan-standing',
  'unhide-message',
]);
export type ReportAction = z.infer<typeof reportActionSchema>;

/** The optional words a fan adds to a report. */
export const REPORT_NOTE_MAX_LENGTH = 1000;

/** The fan's report, as the gateway's body (the conversation and message come from the path). */
export const reportCreateBodySchema = z
  .object({
    reason: reportReasonSchema,
    note: textSchema.max(REPORT_NOTE_MAX_LENGTH).optional(),
  })
  .strict();
export const reportCreateRequestSchema = reportCreateBodySchema
  .extend({ actor: actorSchema, conversationId: idSchema, messageId: idSchema })
  .strict();
/** The fan's own view of what they filed. */
export const reportCreateReplySchema = z.object({
  id: idSchema,
  messageId: idSchema,
  reason: reportReasonSchema,
  state: reportStateSchema,
  createdAt: isoDateSchema,
});

/** A turn of the reported conversation, as a reviewer sees it. */
export const reportTurnSchema = z.object({
  id: idSchema,
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  createdAt: isoDateSchema,
  /** Hidden from the fan by an admin; the reviewer still reads it. */
  hidden: z.boolean(),
  /** The reported message. */
  reported: z.boolean(),
});
export type ReportTurn = z.infer<typeof reportTurnSchema>;

const reportCoreSchema = z.object({
  id: idSchema,
  creatorId: idSchema,
  messageId: idSchema,
  reason: reportReasonSchema,
  note: z.string().nullable(),
  state: reportStateSchema,
  /** What an admin did (absent while open). */
  action: reportActionSchema.nullable(),
  createdAt: isoDateSchema,
  resolvedAt: isoDateSchema.nullable(),
  /** The reported message and the turns around it, oldest first. */
  turns: z.array(reportTurnSchema),
});

/** An admin's view: who reported, and what the fan's chat standing is now. */
export const adminReportSchema = reportCoreSchema.extend({
  fanId: idSchema,
  /** The fan's cool-down end, when one runs now. */
  fanCooledDownUntil: isoDateSchema.nullable(),
  fanSuspended: z.boolean(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/**
 * A creator's view of a report about their persona: the persona's reported reply, never the fan's
 * id, name, email, note or own messages (any of which can name them) — an anonymous label
 * (`Fan 3F9C2A`, the same for one fan's reports to this creator, different for another creator).
 */
export const creatorReportSchema = reportCoreSchema
  .pick({
    id: true,
    creatorId: true,
    messageId: true,
    reason: true,
    state: true,
    action: true,
    createdAt: true,
    resolvedAt: true,
  })
  .extend({ fanLabel: z.string(), reply: z.string() });
export type CreatorReport = z.infer<typeof creatorReportSchema>;

/** The admin queue's filter, as an HTTP query string. */
export const adminReportListQuerySchema = z
  .object({ state: reportStateSchema.optional(), creatorId: idSchema.optional() })
  .strict();
export const adminReportListRequestSchema = adminReportListQuerySchema
  .extend({ actor: actorSchema })
  .strict();
/** Newest first, at most 100. */
export const adminReportListReplySchema = z.object({ reports: z.array(adminReportSchema) });

export const reportActBodySchema = z.object({ action: reportActionSchema }).strict();
export const reportActRequestSchema = reportActBodySchema
  .extend({ actor: actorSchema, reportId: idSchema })
  .strict();
export const reportActReplySchema = adminReportSchema;

/** The creator's own persona's reports, newest first, at most 100 (the creator's user or an admin). */
export const creatorReportListRequestSchema = z.object({ actor: actorSchema, creatorId: idSchema }).strict();
export const creatorReportListReplySchema = z.object({ reports: z.array(creatorReportSchema) });

/** Pausing a persona: the creator's own user or an admin (creators owns the fact). */
export const personaPauseBodySchema = z.object({ paused: z.boolean() }).strict();
export const personaPauseSetRequestSchema = personaPauseBodySchema
  .extend({ actor: actorSchema, creatorId: idSchema })
  .strict();
export const personaPauseSetReplySchema = z.object({
  creatorId: idSchema,
  pausedAt: isoDateSchema.nullable(),
});

/**
 * Durable, creators → chat-inference: a persona was paused or resumed. `changedAt` orders the
 * messages, so a late redelivery of an older change never undoes a newer one.
 */
export const personaPauseChangedSchema = z.object({
  creatorId: idSchema,
  pausedAt: isoDateSchema.nullable(),
  changedAt: isoDateSchema,
});
export type PersonaPauseChanged = z.infer<typeof personaPauseChangedSchema>;

/** Durable, creators → chat-inference: a deleted creator's record is gone; its reports and pause go too. */
export const creatorErasedSchema = z.object({ creatorId: idSchema });
