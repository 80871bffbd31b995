import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { REPORT_LIMITS, REPORT_STATUSES, type ProblemReportDetail, type ReportStatus } from '../../../contract/reports';
import { requestReplay } from '../../qa/liveTools';
import { failureMessage } from '../../shared/failureMessage';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { space } from '../../shared/theme';
import { Button } from '../../shared/ui/Button';
import { FormField, TextArea } from '../../shared/ui/Field';
import { Toolbar } from '../../shared/ui/Layout';
import { LeaveGuard } from '../../shared/ui/LeaveGuard';
import { Message } from '../../shared/ui/Message';
import { qaInboxMessages } from './qaInbox.messages';
import { qaInboxActions, selectQaInbox } from './qaInboxSlice';
import { STATUS_LABELS } from './reportLabels';

const Picture = styled.img`
  display: block;
  max-width: 100%;
  max-height: 24rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Stack = styled.pre`
  max-height: 12rem;
  overflow: auto;
  margin: ${space(2)} 0;
  padding: ${space(2)};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  white-space: pre-wrap;
`;

/** An opened report: its error, its picture, the replay of its action log, and its follow-up. */
export function OpenReport({ report }: { report: ProblemReportDetail }) {
  const t = useMessages(qaInboxMessages);
  return (
    <>
      {report.error && (
        <>
          <h3>{t.error}</h3>
          <Stack translate="no">{[report.error.message, report.error.stack].filter(Boolean).join('\n')}</Stack>
        </>
      )}
      {report.screenshot ? <Picture src={report.screenshot} alt={t.pictureAlt({ reference: report.reference })} /> : <p>{t.noPicture}</p>}
      <Toolbar>
        <Button type="button" $variant="secondary" onClick={() => requestReplay(JSON.stringify(report.log))}>
          {t.replay({ reference: report.reference })}
        </Button>
      </Toolbar>
      <Triage key={report.id} report={report} />
    </>
  );
}

/** The report's status and a comment, saved together. */
function Triage({ report }: { report: ProblemReportDetail }) {
  const dispatch = useAppDispatch();
  const { save } = useAppSelector(selectQaInbox);
  const [status, setStatus] = useState<ReportStatus>(report.status);
  const [comment, setComment] = useState(report.comment);
  const statusId = useId();
  const commentId = useId();
  const t = useMessages(qaInboxMessages);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(qaInboxActions.saveRequested({ id: report.id, status, comment }));
  };
  return (
    <form onSubmit={onSubmit} aria-label={t.followUp({ reference: report.reference })}>
      <FormField id={statusId} label={t.status} error={null}>
        <select id={statusId} value={status} onChange={(event) => setStatus(event.target.value as ReportStatus)}>
          {REPORT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t[STATUS_LABELS[value]]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={commentId} label={t.comment} error={null}>
        <TextArea $rows={5} id={commentId} translate="no" value={comment} maxLength={REPORT_LIMITS.commentChars} onChange={(event) => setComment(event.target.value)} />
      </FormField>
      {save.status === 'failed' && (
        <Message $tone="error" role="alert">
          <p>{t.notSaved({ reason: failureMessage(save.error) })}</p>
        </Message>
      )}
      {save.status === 'saved' && (
        <Message $tone="success" role="status">
          <p>{t.saved}</p>
        </Message>
      )}
      <Toolbar>
        <Button type="submit" disabled={save.status === 'saving'}>
          {save.status === 'saving' ? t.saving : t.saveStatus}
        </Button>
      </Toolbar>
      <LeaveGuard unsaved={status !== report.status || comment.trim() !== report.comment.trim()} saving={save.status === 'saving'} />
    </form>
  );
}
