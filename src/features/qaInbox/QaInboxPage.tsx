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
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { space } from '../../shared/theme';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { controlLook, FormField } from '../../shared/ui/Field';
import { Page, Toolbar } from '../../shared/ui/Layout';
import { Message } from '../../shared/ui/Message';
import { EmptyState, LoadFailed, SkeletonBlock } from '../../shared/ui/States';
import { Title } from '../../shared/ui/Text';
import { qaInboxActions, REPORTS_PER_PAGE, selectQaInbox, type ReportQuery } from './qaInboxSlice';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { qaInboxMessages } from './qaInbox.messages';

const STATUS_LABELS = { new: 'statusNew', investigating: 'statusInvestigating', fixed: 'statusFixed' } as const satisfies Record<ReportStatus, string>;
const ROLE_LABELS = { student: 'roleStudent', franchise_owner: 'roleOwner', administrator: 'roleAdministrator' } as const;
const roleLabel = (role: string): (typeof ROLE_LABELS)[keyof typeof ROLE_LABELS] | undefined => ROLE_LABELS[role as keyof typeof ROLE_LABELS];

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


function Details({ report }: { report: ProblemReportSummary }) {
  const t = useMessages(qaInboxMessages);
  const format = useFormatters();
  const role = roleLabel(report.role);
  return (
    <Meta>
      <dt>{t.sent}</dt>
      <dd>
        {/* Written by the language's own date format already: no translator rewrites it. */}
        <time dateTime={report.createdAt} translate="no">
          {format.dateTime(new Date(report.createdAt))}
        </time>
      </dd>
      <dt>{t.by}</dt>
      <dd>
        {role ? t[role] : <span translate="no">{report.role}</span>}
        {report.userId !== null ? ` ${t.userNumber({ id: report.userId })}` : ''}
      </dd>
      <dt>{t.status}</dt>
      <dd>{t[STATUS_LABELS[report.status]]}</dd>
      {report.program && (
        <>
          <dt>{t.program}</dt>
          {report.lessonId !== null ? <dd>{t.programAndLesson({ program: report.program, id: report.lessonId })}</dd> : <dd translate="no">{report.program}</dd>}
        </>
      )}
      <dt>{t.portalVersion}</dt>
      <dd translate="no">{report.appVersion}</dd>
      <dt>{t.browser}</dt>
      <dd translate="no">{report.userAgent}</dd>
      <dt>{t.screen}</dt>
      <dd translate="no">{report.screen}</dd>
      {report.comment && (
        <>
          <dt>{t.comment}</dt>
          <dd translate="no">{report.comment}</dd>
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
        <CommentBox id={commentId} translate="no" value={comment} maxLength={REPORT_LIMITS.commentChars} onChange={(event) => setComment(event.target.value)} />
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
    </form>
  );
}

function OpenReport({ report }: { report: ProblemReportDetail }) {
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

export default function QaInboxPage() {
  const dispatch = useAppDispatch();
  const { query, list, detail } = useAppSelector(selectQaInbox);
  const [draft, setDraft] = useState<ReportQuery>(query);
  const t = useMessages(qaInboxMessages);

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
      <Title id="qa-inbox-title">{t.title}</Title>
      <Filters onSubmit={onSubmit} aria-label={t.filters}>
        <FormField id="qa-status" label={t.status} error={null}>
          <select id="qa-status" value={draft.status ?? ''} onChange={(event) => setFilter('status', event.target.value)}>
            <option value="">{t.anyStatus}</option>
            {REPORT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t[STATUS_LABELS[value]]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="qa-role" label={t.sentBy} error={null}>
          <select id="qa-role" value={draft.role ?? ''} onChange={(event) => setFilter('role', event.target.value)}>
            <option value="">{t.anyone}</option>
            {Object.entries(ROLE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {t[label]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="qa-program" label={t.program} error={null}>
          <input id="qa-program" value={draft.program ?? ''} onChange={(event) => setFilter('program', event.target.value)} placeholder={t.programPlaceholder} />
        </FormField>
        <FormField id="qa-version" label={t.portalVersion} error={null}>
          <input id="qa-version" value={draft.appVersion ?? ''} onChange={(event) => setFilter('appVersion', event.target.value)} placeholder={t.versionPlaceholder} />
        </FormField>
        <Button type="submit" $variant="secondary">
          {t.applyFilters}
        </Button>
      </Filters>
      {list.status === 'failed' ? (
        <LoadFailed what={t.reportsWhat} error={list.error} onRetry={() => load(query)} />
      ) : list.status !== 'ready' ? (
        <SkeletonBlock $height={240} role="status" aria-label={t.loadingReports} />
      ) : list.reports.length === 0 ? (
        <EmptyState>{t.noReports}</EmptyState>
      ) : (
        <>
          <p>{t.reportCount(list.total)}</p>
          <List>
            {list.reports.map((report) => (
              <li key={report.id}>
                <ReportCard aria-labelledby={`report-${report.id}`}>
                  <h2 id={`report-${report.id}`}>
                    <span translate="no">{report.reference}</span>
                    {report.error ? ` ${t.crash}` : ''}
                  </h2>
                  <Note translate="no">{report.note}</Note>
                  <Details report={report} />
                  {detail.id === report.id ? (
                    detail.status === 'ready' && detail.report ? (
                      <OpenReport report={detail.report} />
                    ) : detail.status === 'failed' ? (
                      <LoadFailed what={t.reportWhat} error={detail.error} onRetry={() => dispatch(qaInboxActions.detailRequested({ id: report.id }))} />
                    ) : (
                      <SkeletonBlock $height={120} role="status" aria-label={t.loadingReport({ reference: report.reference })} />
                    )
                  ) : (
                    <Toolbar>
                      <Button type="button" $variant="secondary" onClick={() => dispatch(qaInboxActions.detailRequested({ id: report.id }))}>
                        {t.open({ reference: report.reference })}
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
                {t.newer}
              </Button>
              <span>{t.pageOf({ page: query.page, pages })}</span>
              <Button type="button" $variant="secondary" disabled={query.page >= pages} onClick={() => load({ ...query, page: query.page + 1 })}>
                {t.older}
              </Button>
            </Toolbar>
          )}
        </>
      )}
    </Page>
  );
}
