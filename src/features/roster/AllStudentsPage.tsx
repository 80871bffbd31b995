/** /admin/all_students_list: every student with their franchise owner's name, country and state. */
import { selectUserName } from '../../entities/session/sessionSelectors';
import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { ExportButton, ExportOutcome, ListBody, useRosterList, NoStudentsYet } from './ListParts';
import { allStudentsColumns, type AllStudentsRow } from './rosterColumns';
import { selectAllStudentsRows } from './rosterSelectors';
import { rosterActions } from './rosterSlice';
import { RosterTable } from './RosterTable';
import { Page, Toolbar } from '../../shared/ui/Layout';
import { Subtitle, Title } from '../../shared/ui/Text';
import { ButtonLink } from '../../shared/ui/ButtonLink';

const headers = allStudentsColumns.map((column) => column.header);
const studentRowId = (student: AllStudentsRow) => String(student.id);

export default function AllStudentsPage() {
  const rows = useAppSelector(selectAllStudentsRows);
  const userName = useAppSelector(selectUserName) ?? '';

  const { sort, open, onSort } = useRosterList('allStudents', rosterActions.allStudentsOpened);

  return (
    <Page>
      <Title>All Students List</Title>
      {rows.length > 0 && <Subtitle>{rows.length === 1 ? '1 student' : `${rows.length.toLocaleString()} students`}</Subtitle>}
      <Toolbar>
        <ButtonLink to={paths.signUpNewStudent.href({ userName })} $variant="primary">
          Sign Up New Student
        </ButtonLink>
        <ExportButton table="allStudents" disabled={rows.length === 0} />
      </Toolbar>
      <ExportOutcome table="allStudents" />
      <ListBody
        noun="students"
        headers={headers}
        rowCount={rows.length}
        onRetry={open}
        empty={<NoStudentsYet userName={userName} />}
      >
        <RosterTable caption="All students" columns={allStudentsColumns} rows={rows} sort={sort} onSort={onSort} getRowId={studentRowId} />
      </ListBody>
    </Page>
  );
}
