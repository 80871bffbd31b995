import styled from 'styled-components';
import type { ProblemReportSummary } from '../../../contract/reports';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { space } from '../../shared/theme';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { Toolbar } from '../../shared/ui/Layout';
import { LoadFailed, SkeletonBlock } from '../../shared/ui/States';
import { OpenReport } from './OpenReport';
import { qaInboxMessages } from './qaInbox.messages';
import { qaInboxActions, selectQaInbox } from './qaInboxSlice';
import { ReportDetails } from './ReportDetails';

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

/** A card for each report: its note and details, and the report itself once opened (one at a time). */
export function ReportList({ reports }: { reports: ProblemReportSummary[] }) {
  const dispatch = useAppDispatch();
  const { detail } = useAppSelector(selectQaInbox);
  const t = useMessages(qaInboxMessages);
  const open = (id: number) => dispatch(qaInboxActions.detailRequested({ id }));
  return (
    <List>
      {reports.map((report) => (
        <li key={report.id}>
          <ReportCard aria-labelledby={`report-${report.id}`}>
            <h2 id={`report-${report.id}`}>
              <span translate="no">{report.reference}</span>
              {report.error ? ` ${t.crash}` : ''}
            </h2>
            <Note translate="no">{report.note}</Note>
            <ReportDetails report={report} />
            {detail.id === report.id ? (
              detail.status === 'ready' && detail.report ? (
                <OpenReport report={detail.report} />
              ) : detail.status === 'failed' ? (
                <LoadFailed what={t.reportWhat} error={detail.error} onRetry={() => open(report.id)} />
              ) : (
                <SkeletonBlock $height={120} role="status" aria-label={t.loadingReport({ reference: report.reference })} />
              )
            ) : (
              <Toolbar>
                <Button type="button" $variant="secondary" onClick={() => open(report.id)}>
                  {t.open({ reference: report.reference })}
                </Button>
              </Toolbar>
            )}
          </ReportCard>
        </li>
      ))}
    </List>
  );
}
