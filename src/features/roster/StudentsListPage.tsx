/** /students_list/{userName}: a franchise owner's students (or, for an administrator, the owner they chose). */
import { useCallback, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { Student } from '../../api/types';
import { selectSupportEmail } from '../../entities/config/configSlice';
import { selectIsAdmin } from '../../entities/session/sessionSelectors';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { ExportButton, ExportOutcome, ListBody, NoStudentsYet } from './ListParts';
import { studentsListColumns } from './rosterColumns';
import { selectSelectedOwner, selectStudentsListOwnerId, selectStudentsListRows, selectTableSort, type WithRoster } from './rosterSelectors';
import { rosterActions } from './rosterSlice';
import { RosterTable } from './RosterTable';
import { Message } from '../../shared/ui/Message';
import { Page, SupportNote, Toolbar } from '../../shared/ui/Layout';
import { Subtitle, Title } from '../../shared/ui/Text';
import { ButtonLink } from '../../shared/ui/ButtonLink';

const headers = studentsListColumns.map((column) => column.header);
const selectSort = (state: WithRoster) => selectTableSort(state, 'studentsList');
const studentRowId = (student: Student) => String(student.id);

export default function StudentsListPage() {
  const dispatch = useAppDispatch();
  const { userName = '' } = useParams();
  const rows = useAppSelector(selectStudentsListRows);
  const sort = useAppSelector(selectSort);
  const ownerId = useAppSelector(selectStudentsListOwnerId);
  const isAdmin = useAppSelector(selectIsAdmin);
  const owner = useAppSelector(selectSelectedOwner);
  const supportEmail = useAppSelector(selectSupportEmail);

  const open = useCallback(() => dispatch(rosterActions.studentsListOpened()), [dispatch]);
  useEffect(() => {
    open();
  }, [open]);
  const onSort = useCallback((columnId: string) => dispatch(rosterActions.sortToggled({ table: 'studentsList', columnId })), [dispatch]);

  const signUpLink = (
    <ButtonLink to={paths.signUpNewStudent(userName)} $variant="primary">
      Sign Up New Student
    </ButtonLink>
  );

  if (isAdmin && ownerId === null) {
    return (
      <Page>
        <Title>Students List</Title>
        <Message $tone="info">
          <p>Choose a franchise owner on the Franchise Owners list to see their students.</p>
          <p>
            <Link to={paths.franchiseOwnersList()}>Go to the Franchise Owners list</Link>
          </p>
        </Message>
      </Page>
    );
  }

  return (
    <Page aria-labelledby="students-list-title">
      <Title id="students-list-title">Students List</Title>
      {isAdmin && owner && (
        <Subtitle>
          Students of {owner.firstName} {owner.lastName}
          {owner.country ? ` (${[owner.country, owner.state].filter(Boolean).join(', ')})` : ''}
        </Subtitle>
      )}
      <Toolbar>
        {signUpLink}
        <ExportButton table="studentsList" userName={userName} disabled={rows.length === 0} />
      </Toolbar>
      <ExportOutcome table="studentsList" />
      <ListBody
        noun="students"
        headers={headers}
        rowCount={rows.length}
        onRetry={open}
        empty={<NoStudentsYet userName={userName} />}
        footer={
          supportEmail && (
            <SupportNote>
              To change user info please contact our team at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </SupportNote>
          )
        }
      >
        <RosterTable caption="Students" columns={studentsListColumns} rows={rows} sort={sort} onSort={onSort} getRowId={studentRowId} />
      </ListBody>
    </Page>
  );
}
