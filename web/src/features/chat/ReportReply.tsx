import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError, REPORT_REASONS, type ReportReason, useReportMessageMutation } from '../../api';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { i18n } from '../../i18n/i18n';
import { en } from '../../i18n/locales/en';
import styles from './honesty.module.css';

/** The server's bound on the optional words (proto REPORT_NOTE_MAX_LENGTH). */
const NOTE_MAX_LENGTH = 1000;
/** The English words (tests); the dialog says them in the reader's language. */
export const REPORT_TEXT = en.report;

const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS.map((option) => option.value) as [ReportReason, ...ReportReason[]], {
    error: () => i18n.t('report.chooseReason'),
  }),
  note: z.string().max(NOTE_MAX_LENGTH, { error: () => i18n.t('report.tooLong', { max: NOTE_MAX_LENGTH }) }),
});
type ReportValues = z.infer<typeof reportSchema>;

/** "Report" under a persona reply: a reason and optional words, sent to Backtalk's review queue. */
export function ReportReply({ conversationId, messageId }: { conversationId: string; messageId: string }) {
  const { t } = useTranslation();
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
        ? t('report.failed')
        : null;
  return (
    <>
      <button
        type="button"
        className={styles['report-button']}
        onClick={() => setOpen(true)}
        disabled={reported}
        aria-label={reported ? t('report.replyReported') : t('report.title')}
      >
        {reported ? t('report.reported') : t('report.button')}
      </button>
      <Modal
        open={open}
        title={t('report.title')}
        onClose={() => setOpen(false)}
        actions={
          reported ? (
            <Button onClick={() => setOpen(false)}>{t('report.close')}</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" form={`report-${messageId}`} pending={report.isPending}>
                {t('report.submit')}
              </Button>
            </>
          )
        }
      >
        {reported ? (
          <p role="status">{t('report.thanks')}</p>
        ) : (
          <form
            id={`report-${messageId}`}
            className={styles['report-form']}
            onSubmit={(event) => void submit(event)}
          >
            <fieldset>
              <legend>{t('report.reason')}</legend>
              {REPORT_REASONS.map((option, index) => (
                <label key={option.value}>
                  <input
                    type="radio"
                    value={option.value}
                    {...form.register('reason')}
                    {...(index === 0 ? { 'data-autofocus': true } : {})}
                  />
                  {t(`report.reasons.${option.value}`)}
                </label>
              ))}
              {errors.reason ? <span className={styles['field-error']}>{errors.reason.message}</span> : null}
            </fieldset>
            <label htmlFor={`report-note-${messageId}`} style={{ display: 'block' }}>
              {t('report.note')}
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
