/**
 * /admin/qa_inbox (issue 20): the problem reports users sent, newest first, for administrators.
 * Each shows its note, picture and details; "Replay" opens its action log in the QA panel's replay
 * (no file to download); its status (new, investigating, fixed) and a comment are saved.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { REPORT_LIMITS, REPORT_STATUSES, type ProblemReportDetail, type ProblemReportSummary, type ReportStatus } from '../../../contract/reports';
import { requestReplay } from '../../qa/liveTools';
import { failureMessage } from '../../shared/failureMessage';
import { useLazyFeature } from '../../shared/lazyFeature';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { space } from '../../shared/theme';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { controlLook, FormField } from '../../shared/ui/Field';
import { Page, Toolbar } from '../../shared/ui/Layout';
import { Message } from '../../shared/ui/Message';
import { EmptyState, LoadFailed, SkeletonBlock } from '../../shared/ui/States';
import { Title } from '../../shared/ui/Text';
import { qaInboxFeature } from './qaInboxSaga';
import { qaInboxActions, REPORTS_PER_PAGE, selectQaInbox, type ReportQuery } from './qaInboxSlice';

const STATUS_LABELS: Record<ReportStatus, string> = { new: 'New', investigating: 'Investigating', fixed: 'Fixed' };
const ROLE_LABELS: Record<string, string> = { student: 'Student', franchise_owner: 'Franchise owner', administrator: 'Administrator' };

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  gap: ${space(3)};
  align-items: end;
  margin-bottom: ${space(4)};
  select,
  input {
    ${controlLook}
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${space(3)};
`;

const ReportCard = styled(Card).attrs({ as: 'article' })`
  padding: ${space(4)};
  h2 {
    margin: 0 0 ${space(2)};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const Note = styled.p`
  margin: 0 0 ${space(2)};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Meta = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${space(1)} ${space(3)};
  margin: ${space(2)} 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

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

const CommentBox = styled.textarea`
  ${controlLook}
  min-height: 5rem;
  resize: vertical;
`;

const formatWhen = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function Details({ report }: { report: ProblemReportSummary }) {
  return (
    <Meta>
      <dt>Sent</dt>
      <dd>{formatWhen(report.createdAt)}</dd>
      <dt>By</dt>
      <dd>
        {ROLE_LABELS[report.role] ?? report.role}
        {report.userId !== null ? ` (user #${report.userId})` : ''}
      </dd>
      <dt>Status</dt>
      <dd>{STATUS_LABELS[report.status]}</dd>
      {report.program && (
        <>
          <dt>Program</dt>
          <dd>
            {report.program}
            {report.lessonId !== null ? `, lesson #${report.lessonId}` : ''}
          </dd>
        </>
      )}
      <dt>Portal version</dt>
      <dd>{report.appVersion}</dd>
      <dt>Browser</dt>
      <dd>{report.userAgent}</dd>
      <dt>Screen</dt>
      <dd>{report.screen}</dd>
      {report.comment && (
        <>
          <dt>Comment</dt>
          <dd>{report.comment}</dd>
        </>
      )}
    </Meta>
  );
}

function Triage({ report }: { report: ProblemReportDetail }) {
  const dispatch = useAppDispatch();
  const { save } = useAppSelector(selectQaInbox);
  const [status, setStatus] = useState<ReportStatus>(report.status);
  const [comment, setComment] = useState(report.comment);
  const statusId = useId();
  const commentId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(qaInboxActions.saveRequested({ id: report.id, status, comment }));
  };
  return (
    <form onSubmit={onSubmit} aria-label={`Follow-up of ${report.reference}`}>
      <FormField id={statusId} label="Status" error={null}>
        <select id={statusId} value={status} onChange={(event) => setStatus(event.target.value as ReportStatus)}>
          {REPORT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={commentId} label="Comment" error={null}>
        <CommentBox id={commentId} value={comment} maxLength={REPORT_LIMITS.commentChars} onChange={(event) => setComment(event.target.value)} />
      </FormField>
      {save.status === 'failed' && (
        <Message $tone="error" role="alert">
          <p>The status could not be saved. {failureMessage(save.error)}</p>
        </Message>
      )}
      {save.status === 'saved' && (
        <Message $tone="success" role="status">
          <p>Saved.</p>
        </Message>
      )}
      <Toolbar>
        <Button type="submit" disabled={save.status === 'saving'}>
          {save.status === 'saving' ? 'Saving…' : 'Save status'}
        </Button>
      </Toolbar>
    </form>
  );
}

function OpenReport({ report }: { report: ProblemReportDetail }) {
  return (
    <>
      {report.error && (
        <>
          <h3>Error</h3>
          <Stack>{[report.error.message, report.error.stack].filter(Boolean).join('\n')}</Stack>
        </>
      )}
      {report.screenshot ? <Picture src={report.screenshot} alt={`The page as ${report.reference} was sent`} /> : <p>No picture was attached.</p>}
      <Toolbar>
        <Button type="button" $variant="secondary" onClick={() => requestReplay(JSON.stringify(report.log))}>
          Replay {report.reference}
        </Button>
      </Toolbar>
      <Triage key={report.id} report={report} />
    </>
  );
}

export default function QaInboxPage() {
  useLazyFeature(qaInboxFeature);
  const dispatch = useAppDispatch();
  const { query, list, detail } = useAppSelector(selectQaInbox);
  const [draft, setDraft] = useState<ReportQuery>(query);

  const load = useCallback((next: ReportQuery) => dispatch(qaInboxActions.listRequested(next)), [dispatch]);
  useEffect(() => {
    load(query);
    // Once, on opening: the filters load on their own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const setFilter = (name: 'status' | 'role' | 'program' | 'appVersion', value: string) => {
    const next: ReportQuery = { ...draft, page: 1, [name]: value === '' ? undefined : value };
    setDraft(next);
    if (name === 'status' || name === 'role') load(next);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    load({ ...draft, page: 1 });
  };
  const pages = Math.max(1, Math.ceil(list.total / REPORTS_PER_PAGE));

  return (
    <Page aria-labelledby="qa-inbox-title">
      <Title id="qa-inbox-title">QA inbox</Title>
      <Filters onSubmit={onSubmit} aria-label="Filters">
        <FormField id="qa-status" label="Status" error={null}>
          <select id="qa-status" value={draft.status ?? ''} onChange={(event) => setFilter('status', event.target.value)}>
            <option value="">Any status</option>
            {REPORT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="qa-role" label="Sent by" error={null}>
          <select id="qa-role" value={draft.role ?? ''} onChange={(event) => setFilter('role', event.target.value)}>
            <option value="">Anyone</option>
            {Object.entries(ROLE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="qa-program" label="Program" error={null}>
          <input id="qa-program" value={draft.program ?? ''} onChange={(event) => setFilter('program', event.target.value)} placeholder="e.g. PlayMachines1" />
        </FormField>
        <FormField id="qa-version" label="Portal version" error={null}>
          <input id="qa-version" value={draft.appVersion ?? ''} onChange={(event) => setFilter('appVersion', event.target.value)} placeholder="e.g. 0.1.0" />
        </FormField>
        <Button type="submit" $variant="secondary">
          Apply filters
        </Button>
      </Filters>
      {list.status === 'failed' ? (
        <LoadFailed what="the reports" error={list.error} onRetry={() => load(query)} />
      ) : list.status !== 'ready' ? (
        <SkeletonBlock $height={240} role="status" aria-label="Loading the reports" />
      ) : list.reports.length === 0 ? (
        <EmptyState>No problem reports match these filters.</EmptyState>
      ) : (
        <>
          <p>
            {list.total} {list.total === 1 ? 'report' : 'reports'}, newest first.
          </p>
          <List>
            {list.reports.map((report) => (
              <li key={report.id}>
                <ReportCard aria-labelledby={`report-${report.id}`}>
                  <h2 id={`report-${report.id}`}>
                    {report.reference}
                    {report.error ? ' · crash' : ''}
                  </h2>
                  <Note>{report.note}</Note>
                  <Details report={report} />
                  {detail.id === report.id ? (
                    detail.status === 'ready' && detail.report ? (
                      <OpenReport report={detail.report} />
                    ) : detail.status === 'failed' ? (
                      <LoadFailed what="this report" error={detail.error} onRetry={() => dispatch(qaInboxActions.detailRequested({ id: report.id }))} />
                    ) : (
                      <SkeletonBlock $height={120} role="status" aria-label={`Loading ${report.reference}`} />
                    )
                  ) : (
                    <Toolbar>
                      <Button type="button" $variant="secondary" onClick={() => dispatch(qaInboxActions.detailRequested({ id: report.id }))}>
                        Open {report.reference}
                      </Button>
                    </Toolbar>
                  )}
                </ReportCard>
              </li>
            ))}
          </List>
          {pages > 1 && (
            <Toolbar>
              <Button type="button" $variant="secondary" disabled={query.page <= 1} onClick={() => load({ ...query, page: query.page - 1 })}>
                Newer reports
              </Button>
              <span>
                Page {query.page} of {pages}
              </span>
              <Button type="button" $variant="secondary" disabled={query.page >= pages} onClick={() => load({ ...query, page: query.page + 1 })}>
                Older reports
              </Button>
            </Toolbar>
          )}
        </>
      )}
    </Page>
  );
}
