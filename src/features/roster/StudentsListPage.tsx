/**
 * /students_list/{userName}: a franchise owner's students. For an administrator the URL says whose
 * (`?owner={id}`, or the first name when one owner has it), so a reload or a shared link keeps it.
 */
import { useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { Student, User } from '../../api/types';
import { selectCapabilities, selectSupportEmail } from '../../entities/config/configSlice';
import { selectUserRole } from '../../entities/session/sessionSelectors';
import { ownerIdFromSearch } from '../../shared/ownerFromSearch';
import { OWNER_QUERY, paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { ExportButton, ExportOutcome, ListBody, useRosterList, NoStudentsYet } from './table/ListParts';
import { distinctValues } from './table/rosterFilters';
import { selectStudentsListColumns, selectStudentsListRows, selectStudentsListStudents } from './rosterSelectors';
import { NoMatch, RosterSearchBar } from './table/RosterSearchBar';
import { selectStudentsListOwner } from './studentsListOwner';
import { rosterActions } from './rosterSlice';
import { RosterTable } from './table/RosterTable';
import { useRosterView } from './table/useRosterView';
import { Message } from '../../shared/ui/Message';
import { Page, SupportNote, Toolbar } from '../../shared/ui/Layout';
import { Subtitle, Title } from '../../shared/ui/Text';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { useMessages } from '../../shared/i18n/messages';
import { rosterMessages } from './roster.messages';
import { CodeLockouts } from './CodeLockouts';

const studentRowId = (student: Student) => String(student.id);
const studentHref = (student: Student) => paths.student.href({ studentId: student.id });
const fullName = (owner: User) => `${owner.firstName} ${owner.lastName}`.trim();
const place = (owner: User) => [owner.country, owner.state].filter(Boolean).join(', ');

export default function StudentsListPage() {
  const { userName = '' } = useParams();
  const requestedOwnerId = ownerIdFromSearch(useLocation().search);
  const whose = useAppSelector((state) => selectStudentsListOwner(state, userName, requestedOwnerId));
  const ownerId = whose.kind === 'found' ? whose.ownerId : null;
  const controls = useRosterView('studentsList');
  const columns = useAppSelector(selectStudentsListColumns);
  const headers = useMemo(() => columns.map((column) => column.header), [columns]);
  const students = useAppSelector((state) => selectStudentsListStudents(state, ownerId));
  const rows = useAppSelector((state) => selectStudentsListRows(state, ownerId, controls.query));
  const programs = useMemo(() => distinctValues(students, (student) => student.program), [students]);
  const supportEmail = useAppSelector(selectSupportEmail);
  const signInCards = useAppSelector(selectCapabilities).signInCards === true;
  const isAdmin = useAppSelector(selectUserRole) === 'administrator';

  const { open } = useRosterList(rosterActions.studentsListOpened);
  const t = useMessages(rosterMessages);

  if (whose.kind === 'none' || whose.kind === 'ambiguous') {
    return (
      <Page>
        <Title>{t.studentsListTitle}</Title>
        <Message $tone="info">
          {whose.kind === 'none' ? (
            <p>{t.noOwnerCalled({ userName })}</p>
          ) : (
            <>
              <p>{t.severalOwnersCalled({ userName })}</p>
              <ul>
                {whose.candidates.map((owner) => (
                  <li key={owner.id}>
                    <Link to={paths.studentsList.href({ userName: owner.firstName, ownerId: owner.id })} translate="no">
                      {place(owner) ? t.ownerWithPlace({ name: fullName(owner), place: place(owner) }) : fullName(owner)}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
          <p>
            <Link to={paths.franchiseOwnersList.href()}>{t.goToOwnersList}</Link>
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
      <Title id="students-list-title">{t.studentsListTitle}</Title>
      {owner && <Subtitle>{owner.country ? t.studentsOfWithPlace({ name: fullName(owner), place: place(owner) }) : t.studentsOf({ name: fullName(owner) })}</Subtitle>}
      <Toolbar>
        <ButtonLink to={paths.signUpNewStudent.href({ userName: listName, ownerId: linkOwnerId })} $variant="primary">
          {t.signUpNewStudent}
        </ButtonLink>
        <ButtonLink to={`${paths.importStudents.href()}${linkOwnerId === null ? '' : `?${OWNER_QUERY}=${linkOwnerId}`}`} $variant="secondary">
          {t.importStudents}
        </ButtonLink>
        {signInCards && (
          <ButtonLink to={paths.signInCards.href()} $variant="secondary">
            {t.signInCards}
          </ButtonLink>
        )}
        <ExportButton table="studentsList" userName={listName} ownerId={ownerId ?? undefined} query={controls.query} disabled={rows.length === 0} />
      </Toolbar>
      <ExportOutcome table="studentsList" />
      <CodeLockouts students={students} />
      {students.length > 0 && (
        <RosterSearchBar table="studentsList" controls={controls} noun="student" searchHint={t.studentSearchHint} choices={{ programs }} shown={rows.length} total={students.length} />
      )}
      <ListBody
        noun="student"
        headers={headers}
        rowCount={students.length}
        onRetry={open}
        empty={<NoStudentsYet userName={listName} ownerId={linkOwnerId} />}
        footer={
          <SupportNote>
            {t.changeStudentHint}
            {/* Moving a student is the office's: an administrator does it on the student's page. */}
            {supportEmail && !isAdmin && (
              <>
                {' '}
                {t.contactToMove}{' '}
                <a href={`mailto:${supportEmail}`} translate="no">
                  {supportEmail}
                </a>
              </>
            )}
          </SupportNote>
        }
      >
        {rows.length === 0 ? (
          <NoMatch noun="student" onClear={controls.clear} />
        ) : (
          <RosterTable caption={t.studentsCaption} columns={columns} rows={rows} sort={controls.view.sort} onSort={controls.onSort} getRowId={studentRowId} rowHref={studentHref} />
        )}
      </ListBody>
    </Page>
  );
}
