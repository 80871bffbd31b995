/**
 * /admin/Franchise_Owners_List: every franchise owner with their student count; on the portal
 * backend also her status and this month's figures, and Manage (her page).
 */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { ExportButton, ExportOutcome, ListBody, useRosterList } from './table/ListParts';
import type { OwnerRow } from './table/rosterColumns';
import { distinctValues } from './table/rosterFilters';
import { selectFranchiseOwnerRows, selectFranchiseOwnersColumns, selectOwnerRowsUnsorted, selectSiteKeepsProgress } from './rosterSelectors';
import { NoMatch, RosterSearchBar } from './table/RosterSearchBar';
import { rosterActions } from './rosterSlice';
import { RosterTable, type ExtraColumn } from './table/RosterTable';
import { useRosterView } from './table/useRosterView';
import { Button } from '../../shared/ui/Button';
import { Message } from '../../shared/ui/Message';
import { Page, Toolbar } from '../../shared/ui/Layout';
import { Title } from '../../shared/ui/Text';
import { useMessages } from '../../shared/i18n/messages';
import { rosterMessages } from './roster.messages';
import { rosterColumnMessages } from './table/rosterColumns.messages';

const ownerRowId = (owner: OwnerRow) => String(owner.id);

export default function FranchiseOwnersPage() {
  const navigate = useNavigate();
  const controls = useRosterView('franchiseOwners');
  const owners = useAppSelector(selectOwnerRowsUnsorted);
  const rows = useAppSelector((state) => selectFranchiseOwnerRows(state, controls.query));
  const columns = useAppSelector(selectFranchiseOwnersColumns);
  // Owners are managed where the portal backend keeps them: a WordPress site's list stays as it was.
  const manages = useAppSelector(selectSiteKeepsProgress);
  const headers = useMemo(() => [...columns.map((column) => column.header), 'Students List', ...(manages ? ['Manage'] : [])], [columns, manages]);
  const countries = useMemo(() => distinctValues(owners, (owner) => owner.country), [owners]);

  const { open } = useRosterList(rosterActions.franchiseOwnersOpened);
  const t = useMessages(rosterMessages);
  const columnTexts = useMessages(rosterColumnMessages);

  const extraColumns = useMemo<ExtraColumn<OwnerRow>[]>(() => {
    const name = (owner: OwnerRow) => `${owner.firstName} ${owner.lastName}`.trim();
    const studentsList: ExtraColumn<OwnerRow> = {
      id: 'studentsList',
      header: t.studentsListTitle,
      cell: (owner) => (
        <Button
          type="button"
          $variant="secondary"
          aria-label={t.studentsListOf({ name: name(owner) })}
          // The owner's id goes in the URL: a reload or a shared link shows the same list.
          onClick={() => void navigate(paths.studentsList.href({ userName: owner.firstName, ownerId: owner.id }))}
        >
          {t.studentsListTitle}
        </Button>
      ),
    };
    const manage: ExtraColumn<OwnerRow> = {
      id: 'manage',
      header: columnTexts.manage,
      cell: (owner) => (
        <Button type="button" $variant="secondary" aria-label={t.manageOwner({ name: name(owner) })} onClick={() => void navigate(paths.ownerAdmin.href({ ownerId: owner.id }))}>
          {columnTexts.manage}
        </Button>
      ),
    };
    return manages ? [studentsList, manage] : [studentsList];
  }, [navigate, t, columnTexts, manages]);

  return (
    <Page>
      <Title>{t.franchiseOwnersTitle}</Title>
      <Toolbar>
        <ExportButton table="franchiseOwners" query={controls.query} disabled={rows.length === 0} />
      </Toolbar>
      <ExportOutcome table="franchiseOwners" />
      {owners.length > 0 && (
        <RosterSearchBar table="franchiseOwners" controls={controls} noun="franchiseOwner" searchHint={t.ownerSearchHint} choices={{ countries }} shown={rows.length} total={owners.length} />
      )}
      <ListBody
        noun="franchiseOwner"
        headers={headers}
        rowCount={owners.length}
        onRetry={open}
        empty={
          <Message $tone="info">
            <p>{t.noFranchiseOwnersYet}</p>
          </Message>
        }
      >
        {rows.length === 0 ? (
          <NoMatch noun="franchiseOwner" onClear={controls.clear} />
        ) : (
          <RosterTable
            caption={t.franchiseOwnersCaption}
            columns={columns}
            rows={rows}
            sort={controls.view.sort}
            onSort={controls.onSort}
            getRowId={ownerRowId}
            extraColumns={extraColumns}
          />
        )}
      </ListBody>
    </Page>
  );
}
