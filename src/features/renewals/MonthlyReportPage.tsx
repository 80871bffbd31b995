/**
 * /admin/monthly_report?month=YYYY-MM: the office's figures per franchise owner for one month (the
 * last whole month unless the address names one), with the totals, sortable, and the same table as
 * a spreadsheet.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import type { MonthlyReportRow } from '../../../contract/lessons';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { controlLook } from '../../shared/ui/Field';
import { Page, Toolbar } from '../../shared/ui/Layout';
import { Message } from '../../shared/ui/Message';
import { EmptyState, LoadFailed, SkeletonBlock } from '../../shared/ui/States';
import { Title } from '../../shared/ui/Text';
import { isMonth, lastMonth, monthName, monthOf, shiftMonth } from './months';
import { columnHeader, percent, REPORT_COLUMNS, reportSortValue, type NumberColumn, type ReportColumn } from './reportColumns';
import { reportMessages } from './report.messages';
import { renewalsActions, selectRenewals, type SortState } from './renewalsSlice';
import { SortableTable, type TableColumn } from './SortableTable';
import { nextSort, sortRows } from './sorting';

const MonthBar = styled(Toolbar)`
  label {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]}px;
  }
  input {
    ${controlLook}
    width: auto;
  }
`;

const TOTAL_ID = -1;

export default function MonthlyReportPage() {
  const dispatch = useAppDispatch();
  const t = useMessages(reportMessages);
  const formatters = useFormatters();
  const { search } = useLocation();
  const navigate = useNavigate();
  const asked = new URLSearchParams(search).get('month');
  const month = isMonth(asked) ? asked : lastMonth();
  const { report, reportExport } = useAppSelector(selectRenewals);
  const [sort, setSort] = useState<SortState | null>(null);
  const outcome = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dispatch(renewalsActions.reportRequested({ month }));
  }, [dispatch, month]);
  useEffect(() => {
    if (reportExport.status === 'failed') outcome.current?.focus();
  }, [reportExport.status]);

  const goTo = (next: string) => void navigate({ search: `?month=${next}` });
  const latest = monthOf(new Date());
  const columns = useMemo(
    () =>
      REPORT_COLUMNS.map((id): TableColumn<MonthlyReportRow> => {
        const numeric = id !== 'ownerName' && id !== 'country';
        const cell = (row: MonthlyReportRow) => {
          if (id === 'ownerName') return row.ownerId === TOTAL_ID ? t.total : <bdi translate="no">{row.ownerName}</bdi>;
          if (id === 'country') return row.country === '' ? '' : <bdi translate="no">{row.country}</bdi>;
          if (id === 'attendanceRate') {
            const value = percent(row.attendanceRate);
            return value === null ? t.noValue : new Intl.NumberFormat(formatters.language, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
          }
          return formatters.number(row[id as NumberColumn]);
        };
        return { id, header: columnHeader(t, id as ReportColumn), sortable: true, numeric, cell };
      }),
    [t, formatters],
  );
  const value = report.month === month ? report.value : null;
  const rows = useMemo(() => (value ? sortRows(value.rows, sort, reportSortValue, formatters.language) : []), [value, sort, formatters.language]);
  const totals: MonthlyReportRow | undefined = value ? { ownerId: TOTAL_ID, ownerName: '', country: '', ...value.totals } : undefined;
  const caption = t.caption({ month: monthName(month, formatters.language) });
  const busy = reportExport.status === 'working';

  return (
    <Page aria-labelledby="report-title">
      <Title id="report-title">{t.title}</Title>
      <MonthBar>
        <Button type="button" $variant="secondary" onClick={() => goTo(shiftMonth(month, -1))}>
          {t.previousMonth}
        </Button>
        <label>
          <span id="report-month-label">{t.month}</span>
          <input type="month" aria-labelledby="report-month-label" value={month} max={latest} onChange={(event) => isMonth(event.target.value) && goTo(event.target.value)} />
        </label>
        <Button type="button" $variant="secondary" disabled={month >= latest} onClick={() => goTo(shiftMonth(month, 1))}>
          {t.nextMonth}
        </Button>
        <Button
          type="button"
          aria-disabled={!value || rows.length === 0 || busy}
          onClick={() => value && rows.length > 0 && !busy && dispatch(renewalsActions.reportExportRequested({ sort }))}
        >
          {busy ? t.preparingFile : t.exportToExcel}
        </Button>
      </MonthBar>
      <div aria-live="polite" ref={outcome} tabIndex={-1}>
        {reportExport.status === 'saved' && (
          <Message $tone="success">
            <p>{t.savedFile({ fileName: reportExport.fileName ?? '' })}</p>
          </Message>
        )}
        {reportExport.status === 'failed' && (
          <Message $tone="error" role="alert">
            <p>{reportExport.error?.kind === 'network' ? t.exportNetworkFailed : t.exportFailed}</p>
          </Message>
        )}
      </div>
      {report.status === 'failed' ? (
        <LoadFailed what={t.reportWhat} error={report.error} onRetry={() => dispatch(renewalsActions.reportRequested({ month }))} />
      ) : !value || report.status === 'loading' ? (
        <SkeletonBlock $height={240} role="status" aria-label={t.loadingReport} />
      ) : rows.length === 0 ? (
        <EmptyState>{t.noOwners}</EmptyState>
      ) : (
        <SortableTable
          caption={caption}
          sortedCaption={(column, direction) => t.sortedBy({ caption, column, direction: direction === 'asc' ? t.ascending : t.descending })}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.ownerId}
          sort={sort}
          onSort={(columnId) => setSort((now) => nextSort(now, columnId))}
          footer={totals}
        />
      )}
    </Page>
  );
}
