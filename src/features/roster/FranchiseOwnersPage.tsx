/** /admin/Franchise_Owners_List: every franchise owner with their student count. */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/paths';
import { useAppSelector } from '../../shared/storeHooks';
import { ExportButton, ExportOutcome, ListBody, useRosterList } from './ListParts';
import { franchiseOwnersColumns, type OwnerRow } from './rosterColumns';
import { selectFranchiseOwnerRows } from './rosterSelectors';
import { rosterActions } from './rosterSlice';
import { RosterTable, type ExtraColumn } from './RosterTable';
import { Button } from '../../shared/ui/Button';
import { Message } from '../../shared/ui/Message';
import { Page, Toolbar } from '../../shared/ui/Layout';
import { Title } from '../../shared/ui/Text';

const headers = [...franchiseOwnersColumns.map((column) => column.header), 'Students List'];
const ownerRowId = (owner: OwnerRow) => String(owner.id);

export default function FranchiseOwnersPage() {
  const navigate = useNavigate();
  const rows = useAppSelector(selectFranchiseOwnerRows);

  const { sort, open, onSort } = useRosterList('franchiseOwners', rosterActions.franchiseOwnersOpened);

  const studentsListColumn = useMemo<ExtraColumn<OwnerRow>>(
    () => ({
      id: 'studentsList',
      header: 'Students List',
      cell: (owner) => (
        <Button
          type="button"
          $variant="secondary"
          aria-label={`Students List of ${owner.firstName} ${owner.lastName}`}
          // The owner's id goes in the URL: a reload or a shared link shows the same list.
          onClick={() => void navigate(paths.studentsList.href({ userName: owner.firstName, ownerId: owner.id }))}
        >
          Students List
        </Button>
      ),
    }),
    [navigate],
  );

  return (
    <Page>
      <Title>Franchise Owners</Title>
      <Toolbar>
        <ExportButton table="franchiseOwners" disabled={rows.length === 0} />
      </Toolbar>
      <ExportOutcome table="franchiseOwners" />
      <ListBody
        noun="franchise owners"
        headers={headers}
        rowCount={rows.length}
        onRetry={open}
        empty={
          <Message $tone="info">
            <p>No franchise owners yet.</p>
          </Message>
        }
      >
        <RosterTable
          caption="Franchise owners"
          columns={franchiseOwnersColumns}
          rows={rows}
          sort={sort}
          onSort={onSort}
          getRowId={ownerRowId}
          extraColumn={studentsListColumn}
        />
      </ListBody>
    </Page>
  );
}
