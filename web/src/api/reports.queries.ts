import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ReportAction,
  type ReportReason,
  type ReportState,
  actOnReport,
  listAdminReports,
  listCreatorReports,
  reportMessage,
  setPersonaPaused,
} from './reports.api';

const reportKeys = {
  admin: ['admin', 'reports'] as const,
  adminFiltered: (filter: { state?: ReportState; creatorId?: string }) =>
    ['admin', 'reports', filter.state ?? 'all', filter.creatorId ?? 'all'] as const,
  creator: (creatorId: string) => ['creator', 'reports', creatorId] as const,
};

export function useReportMessageMutation() {
  return useMutation({
    mutationFn: ({
      conversationId,
      messageId,
      reason,
      note,
    }: {
      conversationId: string;
      messageId: string;
      reason: ReportReason;
      note?: string;
    }) => reportMessage(conversationId, messageId, { reason, ...(note ? { note } : {}) }),
  });
}

export function useAdminReportsQuery(filter: { state?: ReportState; creatorId?: string }) {
  return useQuery({
    queryKey: reportKeys.adminFiltered(filter),
    queryFn: ({ signal }) => listAdminReports(filter, signal),
    retry: false,
  });
}

export function useReportActionMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, action }: { reportId: string; action: ReportAction }) =>
      actOnReport(reportId, action),
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.admin }),
  });
}

export function useCreatorReportsQuery(creatorId: string | null) {
  return useQuery({
    queryKey: reportKeys.creator(creatorId ?? ''),
    queryFn: ({ signal }) => listCreatorReports(creatorId!, signal),
    enabled: creatorId !== null,
  });
}

/** Pausing changes the creator record: every creator query reads it again. */
export function usePersonaPauseMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ creatorId, paused }: { creatorId: string; paused: boolean }) =>
      setPersonaPaused(creatorId, paused),
    onSettled: () => client.invalidateQueries({ queryKey: ['creator'] }),
  });
}
