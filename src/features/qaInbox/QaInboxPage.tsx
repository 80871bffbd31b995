/**
 * /admin/qa_inbox: the problem reports users sent, newest first, for administrators to follow up.
 * Each shows its note, picture and details; "Replay" opens its action log in the QA panel's replay
 * (no file to download); its status (new, investigating, fixed) and a comment are saved.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { Page, Toolbar } from '../../shared/ui/Layout';
import { EmptyState, LoadFailed, SkeletonBlock } from '../../shared/ui/States';
import { Title } from '../../shared/ui/Text';
import { qaInboxMessages } from './qaInbox.messages';
import { qaInboxActions, REPORTS_PER_PAGE, selectQaInbox, type ReportQuery } from './qaInboxSlice';
import { ReportFilters, type ReportFilter } from './ReportFilters';
import { ReportList } from './ReportList';

export default function QaInboxPage() {
  const dispatch = useAppDispatch();
  const { query, list } = useAppSelector(selectQaInbox);
  const [draft, setDraft] = useState<ReportQuery>(query);
  const t = useMessages(qaInboxMessages);

  const load = useCallback((next: ReportQuery) => dispatch(qaInboxActions.listRequested(next)), [dispatch]);
  useEffect(() => {
    load(query);
    // Once, on opening: the filters load on their own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A choice from a list applies at once; typed filters wait for the Apply button.
  const setFilter = (name: ReportFilter, value: string) => {
    const next: ReportQuery = { ...draft, page: 1, [name]: value === '' ? undefined : value };
    setDraft(next);
    if (name === 'status' || name === 'role') load(next);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    load({ ...draft, page: 1 });
  };

  return (
    <Page aria-labelledby="qa-inbox-title">
      <Title id="qa-inbox-title">{t.title}</Title>
      <ReportFilters draft={draft} onChange={setFilter} onSubmit={onSubmit} />
      {list.status === 'failed' ? (
        <LoadFailed what={t.reportsWhat} error={list.error} onRetry={() => load(query)} />
      ) : list.status !== 'ready' ? (
        <SkeletonBlock $height={240} role="status" aria-label={t.loadingReports} />
      ) : list.reports.length === 0 ? (
        <EmptyState>{t.noReports}</EmptyState>
      ) : (
        <>
          <p>{t.reportCount(list.total)}</p>
          <ReportList reports={list.reports} />
          <ReportPager query={query} total={list.total} load={load} />
        </>
      )}
    </Page>
  );
}

/** Newer and older pages of reports, when there is more than one. */
function ReportPager({ query, total, load }: { query: ReportQuery; total: number; load: (next: ReportQuery) => void }) {
  const t = useMessages(qaInboxMessages);
  const pages = Math.max(1, Math.ceil(total / REPORTS_PER_PAGE));
  if (pages <= 1) return null;
  return (
    <Toolbar>
      <Button type="button" $variant="secondary" disabled={query.page <= 1} onClick={() => load({ ...query, page: query.page - 1 })}>
        {t.newer}
      </Button>
      <span>{t.pageOf({ page: query.page, pages })}</span>
      <Button type="button" $variant="secondary" disabled={query.page >= pages} onClick={() => load({ ...query, page: query.page + 1 })}>
        {t.older}
      </Button>
    </Toolbar>
  );
}
