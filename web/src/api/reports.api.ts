import { api, bodyOf } from './client';
import type { Schemas } from './types';

// Reports on persona replies (docs/safety.md, "Reports"): a fan files one, admins review and act,
// and a creator reads their persona's anonymised and pauses or resumes it.

export type ReportReason = Schemas['ReportCreateBody']['reason'];
export type ReportCreated = Schemas['ReportCreateResponse'];
export type AdminReport = Schemas['AdminReportResponse'];
export type AdminReportList = Schemas['AdminReportListResponse'];
export type ReportState = AdminReport['state'];
export type ReportAction = Schemas['ReportActBody']['action'];
export type CreatorReport = Schemas['CreatorReportListResponse']['reports'][number];

/** The report dialog's choices, in the order shown. */
export const REPORT_REASONS: readonly { value: ReportReason; label: string }[] = [
  { value: 'harmful', label: 'Harmful or dangerous' },
  { value: 'sexual', label: 'Sexual' },
  { value: 'hateful-or-harassing', label: 'Hateful or harassing' },
  { value: 'false-about-creator', label: 'False about the creator' },
  { value: 'other', label: 'Something else' },
];

export function reasonLabel(reason: ReportReason): string {
  return REPORT_REASONS.find((option) => option.value === reason)?.label ?? reason;
}

export async function reportMessage(
  conversationId: string,
  messageId: string,
  body: { reason: ReportReason; note?: string },
): Promise<ReportCreated> {
  return bodyOf(
    await api.POST('/api/conversations/{id}/messages/{messageId}/reports', {
      params: { path: { id: conversationId, messageId } },
      body,
    }),
  );
}

export async function listAdminReports(
  filter: { state?: ReportState; creatorId?: string },
  signal?: AbortSignal,
): Promise<AdminReportList> {
  return bodyOf(await api.GET('/api/admin/reports', { params: { query: filter }, signal }));
}

export async function actOnReport(reportId: string, action: ReportAction): Promise<AdminReport> {
  return bodyOf(
    await api.POST('/api/admin/reports/{reportId}/actions', {
      params: { path: { reportId } },
      body: { action },
    }),
  );
}

export async function listCreatorReports(
  creatorId: string,
  signal?: AbortSignal,
): Promise<{ reports: CreatorReport[] }> {
  return bodyOf(
    await api.GET('/api/creators/{creatorId}/reports', { params: { path: { creatorId } }, signal }),
  );
}

export async function setPersonaPaused(
  creatorId: string,
  paused: boolean,
): Promise<Schemas['PersonaPauseResponse']> {
  return bodyOf(
    await api.PUT('/api/creators/{creatorId}/pause', { params: { path: { creatorId } }, body: { paused } }),
  );
}
