/**
 * /renewals: the students whose lessons run out soon, with their parent's contact and a way to the
 * student's page to renew. An owner sees her own; an administrator everyone's, filtered by owner
 * and country, and sets the thresholds below the list.
 */
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { selectCapabilities } from '../../entities/config/configSlice';
import { selectUserRole } from '../../entities/session/sessionSelectors';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { controlLook } from '../../shared/ui/Field';
import { Page, Toolbar } from '../../shared/ui/Layout';
import { EmptyState, LoadFailed, SkeletonBlock } from '../../shared/ui/States';
import { Subtitle, Title } from '../../shared/ui/Text';
import type { RenewalsQuery } from './api';
import { FamilySummaryForm } from './FamilySummaryForm';
import { LessonSettingsForm } from './LessonSettingsForm';
import { renewalColumns, renewalSortValue } from './renewalColumns';
import { renewalsMessages } from './renewals.messages';
import { renewalsActions, selectRenewals, type SortState } from './renewalsSlice';
import { SortableTable } from './SortableTable';
import { nextSort, sortRows } from './sorting';

const Filters = styled(Toolbar)`
  label {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]}px;
    min-height: ${({ theme }) => theme.touchTarget}px;
    max-width: 100%;
  }
  select {
    ${controlLook}
    width: auto;
    max-width: 100%;
  }
`;

export default function RenewalsPage() {
  const dispatch = useAppDispatch();
  const t = useMessages(renewalsMessages);
  const formatters = useFormatters();
  const { query, due, owners, settings } = useAppSelector(selectRenewals);
  const admin = useAppSelector(selectUserRole) === 'administrator';
  // The owner's own setting for her families' summary mail, where the site has families.
  const families = useAppSelector(selectCapabilities).familySignIn === true;
  const [sort, setSort] = useState<SortState | null>(null);
  const load = (next: RenewalsQuery) => dispatch(renewalsActions.dueRequested(next));

  useEffect(() => {
    load(query);
    dispatch(renewalsActions.settingsRequested());
    if (admin) dispatch(renewalsActions.ownersRequested());
    // Once, on opening: the filters load on their own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const ownerChoices = useMemo(() => (owners.status === 'ready' ? owners.value : []), [owners]);
  const countries = useMemo(() => [...new Set(ownerChoices.map((owner) => owner.country).filter(Boolean))].sort(), [ownerChoices]);
  const shownOwners = query.country === null ? ownerChoices : ownerChoices.filter((owner) => owner.country === query.country);
  const columns = useMemo(() => renewalColumns(t, formatters, admin), [t, formatters, admin]);
  const rows = useMemo(() => sortRows(due.rows, sort, renewalSortValue, formatters.language), [due.rows, sort, formatters.language]);
  const filtered = query.ownerId !== null || query.country !== null;

  return (
    <Page aria-labelledby="renewals-title">
      <Title id="renewals-title">{t.title}</Title>
      {settings.status === 'ready' && <Subtitle>{t.intro({ lessons: formatters.number(settings.value.renewalLessonsLeft), days: formatters.number(settings.value.renewalDaysBeforeEnd) })}</Subtitle>}
      {admin && (
        <Filters>
          <label>
            <span id="renewals-owner-label">{t.owner}</span>
            <select aria-labelledby="renewals-owner-label" value={query.ownerId ?? ''} onChange={(event) => load({ ...query, ownerId: event.target.value === '' ? null : Number(event.target.value) })}>
              <option value="">{t.everyOwner}</option>
              {shownOwners.map((owner) => (
                <option key={owner.id} value={owner.id} translate="no">
                  {owner.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span id="renewals-country-label">{t.country}</span>
            <select
              aria-labelledby="renewals-country-label"
              value={query.country ?? ''}
              // A country leaves the owner chosen only when she is of that country.
              onChange={(event) => {
                const country = event.target.value === '' ? null : event.target.value;
                const keepOwner = country === null || ownerChoices.some((owner) => owner.id === query.ownerId && owner.country === country);
                load({ ownerId: keepOwner ? query.ownerId : null, country });
              }}
            >
              <option value="">{t.everyCountry}</option>
              {countries.map((country) => (
                <option key={country} value={country} translate="no">
                  {country}
                </option>
              ))}
            </select>
          </label>
        </Filters>
      )}
      {due.status === 'failed' ? (
        <LoadFailed what={t.dueWhat} error={due.error} onRetry={() => load(query)} />
      ) : due.status !== 'ready' ? (
        <SkeletonBlock $height={240} role="status" aria-label={t.loadingDue} />
      ) : rows.length === 0 ? (
        <EmptyState>{filtered ? t.noneMatch : t.noneDue}</EmptyState>
      ) : (
        <SortableTable
          caption={t.caption}
          sortedCaption={(column, direction) => t.sortedBy({ caption: t.caption, column, direction: direction === 'asc' ? t.ascending : t.descending })}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.studentId}
          sort={sort}
          onSort={(columnId) => setSort((now) => nextSort(now, columnId))}
        />
      )}
      {!admin && families && <FamilySummaryForm />}
      {admin && settings.status === 'ready' && <LessonSettingsForm settings={settings.value} />}
      {admin && settings.status === 'failed' && <LoadFailed what={t.settingsWhat} error={settings.error} onRetry={() => dispatch(renewalsActions.settingsRequested())} />}
    </Page>
  );
}
