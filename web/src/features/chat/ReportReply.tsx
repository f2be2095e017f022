import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError, REPORT_REASONS, type ReportReason, useReportMessageMutation } from '../../api';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import styles from './honesty.module.css';

/** The server's bound on the optional words (proto REPORT_NOTE_MAX_LENGTH). */
const NOTE_MAX_LENGTH = 1000;
export const REPORT_TEXT = {
  button: 'Report',
  reported: 'Reported',
  title: 'Report this reply',
  reason: 'What is wrong with it?',
  note: 'Anything else we should know? (optional)',
  submit: 'Send report',
  thanks: 'Thanks. Backtalk will review this reply.',
  failed: 'Your report could not be sent. Try again in a moment.',
} as const;

const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS.map((option) => option.value) as [ReportReason, ...ReportReason[]], {
    message: 'Choose what is wrong with the reply.',
  }),
  note: z.string().max(NOTE_MAX_LENGTH, `Keep it under ${NOTE_MAX_LENGTH} characters.`),
});
type ReportValues = z.infer<typeof reportSchema>;

/** "Report" under a persona reply: a reason and optional words, sent to Backtalk's review queue. */
export function ReportReply({ conversationId, messageId }: { conversationId: string; messageId: string }) {
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  const report = useReportMessageMutation();
  const form = useForm<ReportValues>({
    resolver: zodResolver(reportSchema),
    defaultValues: { note: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async ({ reason, note }) => {
    try {
      await report.mutateAsync({ conversationId, messageId, reason, note: note.trim() || undefined });
      setReported(true);
    } catch (error) {
      // Already reported: the review is under way, which is what the fan wanted.
      if (error instanceof ApiError && error.code === 'REPORT_ALREADY_OPEN') setReported(true);
    }
  });
  const failure =
    report.error instanceof ApiError && report.error.code !== 'REPORT_ALREADY_OPEN'
      ? report.error.message
      : report.error
        ? REPORT_TEXT.failed
        : null;
  return (
    <>
      <button
        type="button"
        className={styles['report-button']}
        onClick={() => setOpen(true)}
        disabled={reported}
        aria-label={reported ? 'Reply reported' : 'Report this reply'}
      >
        {reported ? REPORT_TEXT.reported : REPORT_TEXT.button}
      </button>
      <Modal
        open={open}
        title={REPORT_TEXT.title}
        onClose={() => setOpen(false)}
        actions={
          reported ? (
            <Button onClick={() => setOpen(false)}>Close</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" form={`report-${messageId}`} pending={report.isPending}>
                {REPORT_TEXT.submit}
              </Button>
            </>
          )
        }
      >
        {reported ? (
          <p role="status">{REPORT_TEXT.thanks}</p>
        ) : (
          <form
            id={`report-${messageId}`}
            className={styles['report-form']}
            onSubmit={(event) => void submit(event)}
          >
            <fieldset>
              <legend>{REPORT_TEXT.reason}</legend>
              {REPORT_REASONS.map((option, index) => (
                <label key={option.value}>
                  <input
                    type="radio"
                    value={option.value}
                    {...form.register('reason')}
                    {...(index === 0 ? { 'data-autofocus': true } : {})}
                  />
                  {option.label}
                </label>
              ))}
              {errors.reason ? <span className={styles['field-error']}>{errors.reason.message}</span> : null}
            </fieldset>
            <label htmlFor={`report-note-${messageId}`} style={{ display: 'block' }}>
              {REPORT_TEXT.note}
            </label>
            <textarea
              id={`report-note-${messageId}`}
              maxLength={NOTE_MAX_LENGTH}
              {...form.register('note')}
            />
            {errors.note ? <span className={styles['field-error']}>{errors.note.message}</span> : null}
            {failure ? (
              <span className={styles['field-error']} role="alert">
                {failure}
              </span>
            ) : null}
          </form>
        )}
      </Modal>
    </>
  );
}
