import styled from 'styled-components';
import type { ProblemReportSummary } from '../../../contract/reports';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { space } from '../../shared/theme';
import { qaInboxMessages } from './qaInbox.messages';
import { roleLabel, STATUS_LABELS } from './reportLabels';

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

/** When a report was sent, by whom, from where, and how far it has been followed up. */
export function ReportDetails({ report }: { report: ProblemReportSummary }) {
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
        {/* The sender by name (people's data, never translated); by number once the account is gone. */}
        {report.userName ? (
          <>
            {': '}
            <span translate="no">{report.userName}</span>
          </>
        ) : report.userId !== null ? (
          ` ${t.userNumber({ id: report.userId })}`
        ) : (
          ''
        )}
      </dd>
      <dt>{t.status}</dt>
      <dd>{t[STATUS_LABELS[report.status]]}</dd>
      {report.program && (
        <>
          <dt>{t.program}</dt>
          {report.lessonTitle ? (
            <dd translate="no">
              {report.program} · {report.lessonTitle}
            </dd>
          ) : report.lessonId !== null ? (
            <dd>{t.programAndLesson({ program: report.program, id: report.lessonId })}</dd>
          ) : (
            <dd translate="no">{report.program}</dd>
          )}
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
