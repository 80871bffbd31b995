/**
 * /students_list/{userName}: a franchise owner's students. For an administrator the URL says whose
 * (`?owner={id}`, or the first name when one owner has it), so a reload or a shared link keeps it.
 */
import { useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { Student, User } from '../../api/types';
import { selectCapabilities, selectSupportEmail } from '../../entities/config/configSlice';
import { OWNER_QUERY, ownerIdFromSearch, paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { ExportButton, ExportOutcome, ListBody, useRosterList, NoStudentsYet } from './ListParts';
import { studentsListColumns } from './rosterColumns';
import { distinctValues } from './rosterFilters';
import { selectStudentsListRows, selectStudentsListStudents } from './rosterSelectors';
import { NoMatch, RosterSearchBar } from './RosterSearchBar';
import { selectStudentsListOwner } from './studentsListOwner';
import { rosterActions } from './rosterSlice';
import { RosterTable } from './RosterTable';
import { useRosterView } from './useRosterView';
import { Message } from '../../shared/ui/Message';
import { Page, SupportNote, Toolbar } from '../../shared/ui/Layout';
import { Subtitle, Title } from '../../shared/ui/Text';
import { ButtonLink } from '../../shared/ui/ButtonLink';

const headers = studentsListColumns.map((column) => column.header);
const studentRowId = (student: Student) => String(student.id);
const studentHref = (student: Student) => paths.student.href({ studentId: student.id });
const noun = { one: 'student', many: 'students' };
const searchHint = 'Student or parent name, parent e-mail or phone';
const fullName = (owner: User) => `${owner.firstName} ${owner.lastName}`.trim();
const place = (owner: User) => [owner.country, owner.state].filter(Boolean).join(', ');

export default function StudentsListPage() {
  const { userName = '' } = useParams();
  const requestedOwnerId = ownerIdFromSearch(useLocation().search);
  const whose = useAppSelector((state) => selectStudentsListOwner(state, userName, requestedOwnerId));
  const ownerId = whose.kind === 'found' ? whose.ownerId : null;
  const controls = useRosterView('studentsList');
  const students = useAppSelector((state) => selectStudentsListStudents(state, ownerId));
  const rows = useAppSelector((state) => selectStudentsListRows(state, ownerId, controls.query));
  const programs = useMemo(() => distinctValues(students, (student) => student.program), [students]);
  const supportEmail = useAppSelector(selectSupportEmail);
  const signInCards = useAppSelector(selectCapabilities).signInCards === true;

  const { open } = useRosterList(rosterActions.studentsListOpened);

  if (whose.kind === 'none' || whose.kind === 'ambiguous') {
    return (
      <Page>
        <Title>Students List</Title>
        <Message $tone="info">
          {whose.kind === 'none' ? (
            <p>There is no franchise owner called {userName}. Choose one on the Franchise Owners list to see their students.</p>
          ) : (
            <>
              <p>More than one franchise owner is called {userName}. Whose students do you want to see?</p>
              <ul>
                {whose.candidates.map((owner) => (
                  <li key={owner.id}>
                    <Link to={paths.studentsList.href({ userName: owner.firstName, ownerId: owner.id })}>
                      {fullName(owner)}
                      {place(owner) ? ` (${place(owner)})` : ''}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
          <p>
            <Link to={paths.franchiseOwnersList.href()}>Go to the Franchise Owners list</Link>
          </p>
        </Message>
      </Page>
    );
  }

  // An administrator's links name the owner; an owner's own links need no id.
  const owner = whose.kind === 'found' ? whose.owner : null;
  const listName = whose.kind === 'found' ? whose.listName : userName;
  const linkOwnerId = owner ? owner.id : null;

  return (
    <Page aria-labelledby="students-list-title">
      <Title id="students-list-title">Students List</Title>
      {owner && (
        <Subtitle>
          Students of {fullName(owner)}
          {owner.country ? ` (${place(owner)})` : ''}
        </Subtitle>
      )}
      <Toolbar>
        <ButtonLink to={paths.signUpNewStudent.href({ userName: listName, ownerId: linkOwnerId })} $variant="primary">
          Sign Up New Student
        </ButtonLink>
        <ButtonLink to={`${paths.importStudents.href()}${linkOwnerId === null ? '' : `?${OWNER_QUERY}=${linkOwnerId}`}`} $variant="secondary">
          Import students
        </ButtonLink>
        {signInCards && (
          <ButtonLink to={paths.signInCards.href()} $variant="secondary">
            Sign-in cards
          </ButtonLink>
        )}
        <ExportButton table="studentsList" userName={listName} ownerId={ownerId ?? undefined} query={controls.query} disabled={rows.length === 0} />
      </Toolbar>
      <ExportOutcome table="studentsList" />
      {students.length > 0 && (
        <RosterSearchBar table="studentsList" controls={controls} noun={noun} searchHint={searchHint} choices={{ programs }} shown={rows.length} total={students.length} />
      )}
      <ListBody
        noun="students"
        headers={headers}
        rowCount={students.length}
        onRetry={open}
        empty={<NoStudentsYet userName={listName} ownerId={linkOwnerId} />}
        footer={
          supportEmail && (
            <SupportNote>
              To change user info please contact our team at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </SupportNote>
          )
        }
      >
        {rows.length === 0 ? (
          <NoMatch noun={noun} onClear={controls.clear} />
        ) : (
          <RosterTable caption="Students" columns={studentsListColumns} rows={rows} sort={controls.view.sort} onSort={controls.onSort} getRowId={studentRowId} rowHref={studentHref} />
        )}
      </ListBody>
    </Page>
  );
}
