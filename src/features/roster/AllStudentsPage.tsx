/** /admin/all_students_list: every student with their franchise owner's name, country and state. */
import { useMemo } from 'react';
import { selectUserName } from '../../entities/session/sessionSelectors';
import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { ExportButton, ExportOutcome, ListBody, useRosterList, NoStudentsYet } from './table/ListParts';
import type { AllStudentsRow } from './table/rosterColumns';
import { distinctValues } from './table/rosterFilters';
import { selectOwnerChoices } from '../../entities/roster/rosterListsSelectors';
import { selectAllStudentsColumns, selectAllStudentsRows, selectAllStudentsUnsorted } from './rosterSelectors';
import { NoMatch, RosterSearchBar } from './table/RosterSearchBar';
import { rosterActions } from './rosterSlice';
import { RosterTable } from './table/RosterTable';
import { useRosterView } from './table/useRosterView';
import { Page, Toolbar } from '../../shared/ui/Layout';
import { Title } from '../../shared/ui/Text';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { useMessages } from '../../shared/i18n/messages';
import { rosterMessages } from './roster.messages';

const studentRowId = (student: AllStudentsRow) => String(student.id);
const studentHref = (student: AllStudentsRow) => paths.student.href({ studentId: student.id });

export default function AllStudentsPage() {
  const controls = useRosterView('allStudents');
  const columns = useAppSelector(selectAllStudentsColumns);
  const headers = useMemo(() => columns.map((column) => column.header), [columns]);
  const students = useAppSelector(selectAllStudentsUnsorted);
  const rows = useAppSelector((state) => selectAllStudentsRows(state, controls.query));
  const owners = useAppSelector(selectOwnerChoices);
  const userName = useAppSelector(selectUserName) ?? '';
  const choices = useMemo(
    () => ({
      programs: distinctValues(students, (student) => student.program),
      countries: distinctValues(students, (student) => student.ownerCountry),
      owners,
    }),
    [students, owners],
  );

  const { open } = useRosterList(rosterActions.allStudentsOpened);
  const t = useMessages(rosterMessages);

  return (
    <Page>
      <Title>{t.allStudentsTitle}</Title>
      <Toolbar>
        <ButtonLink to={paths.signUpNewStudent.href({ userName })} $variant="primary">
          {t.signUpNewStudent}
        </ButtonLink>
        <ExportButton table="allStudents" query={controls.query} disabled={rows.length === 0} />
      </Toolbar>
      <ExportOutcome table="allStudents" />
      {students.length > 0 && (
        <RosterSearchBar table="allStudents" controls={controls} noun="student" searchHint={t.studentSearchHint} choices={choices} shown={rows.length} total={students.length} />
      )}
      <ListBody noun="student" headers={headers} rowCount={students.length} onRetry={open} empty={<NoStudentsYet userName={userName} />}>
        {rows.length === 0 ? (
          <NoMatch noun="student" onClear={controls.clear} />
        ) : (
          <RosterTable caption={t.allStudentsCaption} columns={columns} rows={rows} sort={controls.view.sort} onSort={controls.onSort} getRowId={studentRowId} rowHref={studentHref} />
        )}
      </ListBody>
    </Page>
  );
}
