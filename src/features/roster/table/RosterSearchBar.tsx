/**
 * Above a roster table: the search box, the table's filters, the count ("12 of 1,204 students",
 * announced politely) and Clear filters. On phones the filters fold behind a "Filters" disclosure
 * button; the search box stays in view. Every control has a visible label.
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import { breakpoints } from '../../../shared/breakpoints';
import { Button } from '../../../shared/ui/Button';
import { controlLook } from '../../../shared/ui/Field';
import { Message } from '../../../shared/ui/Message';
import { useFormatters } from '../../../shared/i18n/formatting';
import { useMessages } from '../../../shared/i18n/messages';
import { rosterMessages } from '../roster.messages';
import type { TableId } from './rosterColumns';
import { activeFilterCount, TABLE_FILTERS, type StatusFilter } from './rosterView';
import { useMediaQuery } from '../useMediaQuery';
import type { RosterViewControls } from './useRosterView';

const phoneQuery = `(max-width: ${breakpoints.mobileMax}px)`;

/** What a roster list holds: its texts (counts, search label, no match) follow from it. */
export type RosterNoun = 'student' | 'franchiseOwner';

type RosterTexts = ReturnType<typeof rosterMessages.get>;

/** The texts that name what the list holds. */
function nounTexts(t: RosterTexts, noun: RosterNoun) {
  return noun === 'student'
    ? { find: t.findStudents, search: t.searchStudents, count: t.studentCount, countFiltered: t.studentCountFiltered, noMatch: t.noStudentMatches }
    : { find: t.findFranchiseOwners, search: t.searchFranchiseOwners, count: t.franchiseOwnerCount, countFiltered: t.franchiseOwnerCountFiltered, noMatch: t.noFranchiseOwnerMatches };
}

export interface FilterChoices {
  programs?: readonly string[];
  owners?: readonly { id: number; label: string }[];
  countries?: readonly string[];
}

const Area = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]}px;
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[3]}px;
  /* display: flex would otherwise show the folded filters. */
  &[hidden] {
    display: none;
  }
`;

const Field = styled.div<{ $grow?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
  /* Filters share a row evenly (two a row on a phone), none wider than it needs. */
  flex: ${({ $grow }) => ($grow ? '1 1 18rem' : '1 1 9rem')};
  max-width: ${({ $grow }) => ($grow ? 'none' : '16rem')};
  min-width: 0;
  label {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    color: ${({ theme }) => theme.colors.text};
  }
  input,
  select {
    ${controlLook}
  }
`;

const Hint = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Count = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

interface RosterSearchBarProps {
  table: TableId;
  controls: RosterViewControls;
  noun: RosterNoun;
  /** What the search looks in, e.g. "Names, parent, e-mail or phone". */
  searchHint: string;
  choices: FilterChoices;
  shown: number;
  total: number;
}

export function RosterSearchBar({ table, controls, noun, searchHint, choices, shown, total }: RosterSearchBarProps) {
  const id = useId();
  const phone = useMediaQuery(phoneQuery);
  const [open, setOpen] = useState(false);
  const { view, search, setSearch, setFilter, clear, filtered } = controls;
  const offered = TABLE_FILTERS[table];
  const setCount = activeFilterCount(view, table);
  const panelId = `${id}-filters`;
  const showFilters = !phone || open;
  const t = useMessages(rosterMessages);
  const formatters = useFormatters();
  const words = nounTexts(t, noun);

  return (
    <Area role="search" aria-label={words.find}>
      <Row>
        <Field $grow>
          <label htmlFor={`${id}-q`}>{words.search}</label>
          <input
            id={`${id}-q`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-describedby={`${id}-hint`}
            autoComplete="off"
            spellCheck={false}
          />
          <Hint id={`${id}-hint`}>{searchHint}</Hint>
        </Field>
        {phone && (
          <Button type="button" $variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
            {setCount > 0 ? t.filtersSet({ count: formatters.number(setCount) }) : t.filters}
          </Button>
        )}
      </Row>
      <Row id={panelId} hidden={!showFilters}>
        {offered.includes('program') && (
          <Choice id={`${id}-program`} label={t.programFilter} value={view.program} onChange={(program) => setFilter({ program })} options={(choices.programs ?? []).map((p) => [p, p])} />
        )}
        {offered.includes('owner') && (
          <Choice
            id={`${id}-owner`}
            label={t.ownerFilter}
            value={view.owner === null ? '' : String(view.owner)}
            onChange={(owner) => setFilter({ owner: owner ? Number(owner) : null })}
            options={(choices.owners ?? []).map((o) => [String(o.id), o.label])}
          />
        )}
        {offered.includes('country') && (
          <Choice id={`${id}-country`} label={t.countryFilter} value={view.country} onChange={(country) => setFilter({ country })} options={(choices.countries ?? []).map((c) => [c, c])} />
        )}
        {offered.includes('status') && (
          <Choice
            id={`${id}-status`}
            label={t.statusFilter}
            value={view.status}
            onChange={(status) => setFilter({ status: status as StatusFilter })}
            options={[
              ['active', t.statusActive],
              ['ended', t.statusEnded],
            ]}
            translated
          />
        )}
        {offered.includes('from') && (
          <Field>
            <label htmlFor={`${id}-from`}>{t.startedFrom}</label>
            <input id={`${id}-from`} type="date" value={view.from} max={view.to || undefined} onChange={(event) => setFilter({ from: event.target.value })} />
          </Field>
        )}
        {offered.includes('to') && (
          <Field>
            <label htmlFor={`${id}-to`}>{t.startedUntil}</label>
            <input id={`${id}-to`} type="date" value={view.to} min={view.from || undefined} onChange={(event) => setFilter({ to: event.target.value })} />
          </Field>
        )}
      </Row>
      <Row>
        {/* data-shown-for: the search these rows are for (the bench waits for it; typing may be ahead). */}
        <Count role="status" aria-live="polite" aria-atomic="true" data-shown-for={controls.query.q}>
          {/* "1,204 students", or "12 of 1,204 students" when a search or a filter is set. */}
          {filtered ? words.countFiltered(total)({ shown: formatters.number(shown) }) : words.count(total)}
        </Count>
        {filtered && shown > 0 && (
          <Button type="button" $variant="secondary" onClick={clear}>
            {t.clearFilters}
          </Button>
        )}
      </Row>
    </Area>
  );
}

/** A filter's list; its choices are people's data (programs, owners, countries) unless `translated`. */
function Choice({
  id,
  label,
  value,
  onChange,
  options,
  translated = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
  translated?: boolean;
}) {
  const t = useMessages(rosterMessages);
  const data = translated ? undefined : 'no';
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t.all}</option>
        {/* A value from a shared link that this list does not have still shows as chosen. */}
        {value && !options.some(([v]) => v === value) && (
          <option value={value} translate="no">
            {value}
          </option>
        )}
        {options.map(([v, text]) => (
          <option key={v} value={v} translate={data}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The calm empty state of a search or filter that matches nothing, with the way back. */
export function NoMatch({ noun, onClear }: { noun: RosterNoun; onClear: () => void }) {
  const t = useMessages(rosterMessages);
  return (
    <Message $tone="info">
      <p>{nounTexts(t, noun).noMatch}</p>
      <p>
        <Button type="button" $variant="secondary" onClick={onClear}>
          {t.clearFilters}
        </Button>
      </p>
    </Message>
  );
}
