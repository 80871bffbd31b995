/** The renewals table's columns: the child, her package, why she is listed, and how to reach her parent. */
import type { RenewalDue } from '../../../contract/lessons';
import { formatCalendarDate } from '../../shared/i18n/calendarDates';
import type { Formatters } from '../../shared/i18n/formatting';
import { paths } from '../../shared/paths';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import type { renewalsMessages } from './renewals.messages';
import type { SortValue } from './sorting';
import type { TableColumn } from './SortableTable';

type Texts = ReturnType<typeof renewalsMessages.get>;

export const childName = (row: RenewalDue) => `${row.firstName} ${row.lastName}`.trim();

export function renewalSortValue(row: RenewalDue, columnId: string): SortValue {
  switch (columnId) {
    case 'child':
      return childName(row);
    case 'owner':
      return row.ownerName;
    case 'program':
      return row.program;
    case 'left':
      return row.left;
    case 'endDate':
      return row.endDate;
    case 'parent':
      return row.parentName;
    default:
      return null;
  }
}

/** People's data is shown as written (never translated) and isolated from the text around it. */
const data = (text: string, t: Texts) => (text === '' ? t.noValue : <bdi translate="no">{text}</bdi>);

/** Today on the user's clock, as YYYY-MM-DD. */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** Why the child is listed, in words: an end date already past reads "Ended", not "Ends soon". */
export function reasonsText(row: RenewalDue, t: Texts, on = today()): string {
  return row.reasons.map((reason) => (reason === 'lessons' ? t.fewLessons : row.endDate < on ? t.ended : t.endsSoon)).join(', ');
}

export function renewalColumns(t: Texts, formatters: Formatters, showOwner: boolean): TableColumn<RenewalDue>[] {
  const columns: (TableColumn<RenewalDue> | false)[] = [
    { id: 'child', header: t.child, sortable: true, cell: (row) => data(childName(row), t) },
    showOwner && { id: 'owner', header: t.owner, sortable: true, cell: (row) => data(row.ownerName, t) },
    { id: 'program', header: t.program, sortable: true, cell: (row) => data(row.program, t) },
    { id: 'left', header: t.lessonsLeft, sortable: true, numeric: true, cell: (row) => t.leftOf({ left: formatters.number(row.left), total: formatters.number(row.total) }) },
    { id: 'endDate', header: t.endDate, sortable: true, cell: (row) => (row.endDate ? <span translate="no">{formatCalendarDate(row.endDate, formatters)}</span> : t.noValue) },
    { id: 'why', header: t.why, sortable: false, cell: (row) => reasonsText(row, t) },
    { id: 'parent', header: t.parent, sortable: true, cell: (row) => data(row.parentName, t) },
    {
      id: 'email',
      header: t.email,
      sortable: false,
      cell: (row) =>
        row.parentEmail ? (
          <a href={`mailto:${row.parentEmail}`} translate="no" dir="ltr">
            {row.parentEmail}
          </a>
        ) : (
          t.noValue
        ),
    },
    {
      id: 'phone',
      header: t.phone,
      sortable: false,
      cell: (row) =>
        row.phone ? (
          <a href={`tel:${row.phone.replace(/[^\d+]/g, '')}`} translate="no" dir="ltr">
            {row.phone}
          </a>
        ) : (
          t.noValue
        ),
    },
    {
      id: 'renew',
      header: t.actions,
      sortable: false,
      // The renewal itself is made on the student's page, where her lessons are.
      cell: (row) => (
        <ButtonLink to={paths.student.href({ studentId: row.studentId })} $variant="secondary" aria-label={t.renewLabel({ name: childName(row) })}>
          {t.renew}
        </ButtonLink>
      ),
    },
  ];
  return columns.filter((column): column is TableColumn<RenewalDue> => column !== false);
}
