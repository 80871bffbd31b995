/**
 * /admin/audit_log: who changed what about which student, and when (administrators). The filters
 * live in the URL (?student=&owner=&action=&from=&to=), so a reload or a shared link shows the same
 * view; older entries load a page at a time.
 */
import { useCallback, useEffect, useMemo, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import type { AuditEntry, AuditQuery } from '../../../../contract/rosterEdit';
import { selectStudentById } from '../../../entities/students/studentsSelectors';
import { selectUserEntities } from '../../../entities/users/usersSelectors';
import { paths } from '../../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { Button } from '../../../shared/ui/Button';
import { FormField } from '../../../shared/ui/Field';
import { Page, Toolbar } from '../../../shared/ui/Layout';
import { Message } from '../../../shared/ui/Message';
import { EmptyState, LoadFailed, SkeletonBlock } from '../../../shared/ui/States';
import { ScrollRegion, stackedOnPhone, Table, Td, Th, Tr } from '../../../shared/ui/Table';
import { Title } from '../../../shared/ui/Text';
import { selectOwnerChoices } from '../../../entities/roster/rosterListsSelectors';
import { rosterListsActions } from '../../../entities/roster/rosterListsSlice';
import { AUDIT_ACTIONS, actionLabel, changeParts, formatWhen, readsLeftToRight, type ChangePart } from './auditFormat';
import { media } from '../../../shared/breakpoints';
import { useFormatters } from '../../../shared/i18n/formatting';
import { useMessages } from '../../../shared/i18n/messages';
import { auditMessages } from './audit.messages';
import { selectAudit } from '../editSelectors';
import { editActions } from '../editSlice';

const FILTERS = ['student', 'owner', 'action', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: ${({ theme }) => theme.space[3]}px;
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space[4]}px;
`;

const Changes = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** On a phone each entry is a block of labelled lines (When, Who, What, Student, Changed fields), so none is cut off. */
const EntriesTable = styled(Table)`
  ${stackedOnPhone}
  ${media.mobile} {
    td {
      grid-template-columns: 8rem 1fr;
    }
  }
`;

const BEFORE = '\uE000';
const AFTER = '\uE001';

/** A value as data: isolated from the text around it, and left to right where it reads so (a phone in Hebrew). */
function Value({ field, text }: { field: string; text: string }) {
  return (
    <bdi dir={readsLeftToRight(field, text) ? 'ltr' : undefined} translate="no">
      {text}
    </bdi>
  );
}

/** "Phone: 050… → 052…" (or "Phone: 050…" for a field only set), laid out by the language's own pattern. */
function Change({ part, t }: { part: ChangePart; t: ReturnType<typeof auditMessages.get> }) {
  const pattern = part.before === undefined ? t.addedField({ field: part.label, value: AFTER }) : t.changedField({ field: part.label, before: BEFORE, after: AFTER });
  return (
    <li>
      {pattern.split(/([\uE000\uE001])/).map((piece, i) =>
        piece === BEFORE ? <Value key={i} field={part.field} text={part.before ?? ''} /> : piece === AFTER ? <Value key={i} field={part.field} text={part.after} /> : piece,
      )}
    </li>
  );
}

/** The URL's filters that are well-formed; anything else is left out (the server would refuse it). */
function queryFrom(search: URLSearchParams): AuditQuery {
  const query: AuditQuery = {};
  for (const name of FILTERS) {
    const value = search.get(name)?.trim() ?? '';
    const valid = name === 'student' || name === 'owner' ? /^\d{1,10}$/.test(value) : name === 'action' ? /^[a-z_.]{1,60}$/.test(value) : /^\d{4}-\d{2}-\d{2}$/.test(value);
    if (valid) query[name] = value;
  }
  return query;
}

function EntryRow({ entry, ownerName }: { entry: AuditEntry; ownerName: (id: number) => string | undefined }) {
  const t = useMessages(auditMessages);
  const formatters = useFormatters();
  const changes = changeParts(t, formatters, entry.before, entry.after, ownerName, entry.action);
  return (
    <Tr>
      <Td translate="no" data-label={t.when}>
        {formatWhen(formatters, entry.at)}
      </Td>
      {/* People's names are shown as they are written, never translated. */}
      <Td data-label={t.who}>{entry.actor ? <bdi translate="no">{entry.actor.name || `#${entry.actor.id}`}</bdi> : t.thePortal}</Td>
      <Td data-label={t.whatColumn}>{actionLabel(t, entry.action, entry.after)}</Td>
      <Td translate="no" data-label={t.student}>
        <bdi>{entry.subject.type === 'student' ? <Link to={paths.student.href({ studentId: entry.subject.id })}>{entry.subject.name || `#${entry.subject.id}`}</Link> : entry.subject.name}</bdi>
      </Td>
      <Td data-label={t.changedFields}>
        {changes.length === 0 ? (
          '—'
        ) : (
          <Changes>
            {changes.map((part) => (
              <Change key={part.field} part={part} t={t} />
            ))}
          </Changes>
        )}
      </Td>
    </Tr>
  );
}

export default function AuditLogPage() {
  const dispatch = useAppDispatch();
  // useLocation and useNavigate rather than useSearchParams: the entry's copy of the router already has them.
  const { search: searchText } = useLocation();
  const navigate = useNavigate();
  const search = useMemo(() => new URLSearchParams(searchText), [searchText]);
  const query = useMemo(() => queryFrom(search), [search]);
  const audit = useAppSelector(selectAudit);
  const owners = useAppSelector(selectOwnerChoices);
  const users = useAppSelector(selectUserEntities);
  const student = useAppSelector((state) => (query.student === undefined ? undefined : selectStudentById(state, Number(query.student))));
  const t = useMessages(auditMessages);
  const ownerName = useCallback((id: number) => {
    const user = users[id];
    return user ? `${user.firstName} ${user.lastName}`.trim() : undefined;
  }, [users]);

  const load = useCallback(() => dispatch(editActions.auditRequested({ query })), [dispatch, query]);
  useEffect(() => {
    load();
  }, [load]);
  useEffect(() => {
    dispatch(rosterListsActions.listsNeeded());
  }, [dispatch]);

  const setFilter = (name: Filter, value: string) => {
    const next = new URLSearchParams(search);
    if (value === '') next.delete(name);
    else next.set(name, value);
    const text = next.toString();
    void navigate({ search: text === '' ? '' : `?${text}` });
  };
  const noSubmit = (event: FormEvent) => event.preventDefault();

  return (
    <Page aria-labelledby="audit-title">
      <Title id="audit-title">{t.title}</Title>
      <Filters onSubmit={noSubmit} aria-label={t.filters}>
        <FormField id="audit-owner" label={t.franchiseOwner} error={null}>
          <select id="audit-owner" value={query.owner ?? ''} onChange={(event) => setFilter('owner', event.target.value)}>
            <option value="">{t.allOwners}</option>
            {owners.map((owner) => (
              <option key={owner.id} value={String(owner.id)} translate="no">
                {owner.label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="audit-action" label={t.change} error={null}>
          <select id="audit-action" value={query.action ?? ''} onChange={(event) => setFilter('action', event.target.value)}>
            <option value="">{t.allChanges}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {actionLabel(t, action)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="audit-from" label={t.from} error={null}>
          <input id="audit-from" type="date" value={query.from ?? ''} onChange={(event) => setFilter('from', event.target.value)} />
        </FormField>
        <FormField id="audit-to" label={t.to} error={null}>
          <input id="audit-to" type="date" value={query.to ?? ''} onChange={(event) => setFilter('to', event.target.value)} />
        </FormField>
      </Filters>
      {query.student !== undefined && (
        <Toolbar>
          <span>{student ? t.onlyStudent({ name: `${student.firstName} ${student.lastName}` }) : t.onlyStudentNumber({ id: query.student })}</span>
          <Button type="button" $variant="secondary" onClick={() => setFilter('student', '')}>
            {t.showEveryStudent}
          </Button>
        </Toolbar>
      )}
      {audit.status === 'failed' ? (
        <LoadFailed what={t.what} error={audit.error} onRetry={load} />
      ) : audit.status !== 'ready' ? (
        <SkeletonBlock $height={240} role="status" aria-label={t.loading} />
      ) : audit.entries.length === 0 ? (
        <EmptyState>{t.noMatch}</EmptyState>
      ) : (
        <>
          <ScrollRegion $bounded={false} tabIndex={0} role="region" aria-label={t.entries}>
            <EntriesTable>
              <thead>
                <tr>
                  <Th scope="col">{t.when}</Th>
                  <Th scope="col">{t.who}</Th>
                  <Th scope="col">{t.whatColumn}</Th>
                  <Th scope="col">{t.student}</Th>
                  <Th scope="col">{t.changedFields}</Th>
                </tr>
              </thead>
              <tbody>
                {audit.entries.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} ownerName={ownerName} />
                ))}
              </tbody>
            </EntriesTable>
          </ScrollRegion>
          {audit.error && (
            <Message $tone="error" role="alert">
              <p>{t.olderNotLoaded}</p>
            </Message>
          )}
          {audit.nextBefore !== null && (
            <Toolbar>
              <Button type="button" $variant="secondary" disabled={audit.loadingMore} onClick={() => dispatch(editActions.auditMoreRequested())}>
                {audit.loadingMore ? t.loadingMore : t.showOlder}
              </Button>
            </Toolbar>
          )}
        </>
      )}
    </Page>
  );
}
