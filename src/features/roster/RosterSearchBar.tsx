/**
 * Above a roster table: the search box, the table's filters, the count ("12 of 1,204 students",
 * announced politely) and Clear filters. On phones the filters fold behind a "Filters" disclosure
 * button; the search box stays in view. Every control has a visible label.
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import { breakpoints } from '../../shared/breakpoints';
import { Button } from '../../shared/ui/Button';
import { controlLook } from '../../shared/ui/Field';
import { Message } from '../../shared/ui/Message';
import type { TableId } from './rosterColumns';
import { activeFilterCount, TABLE_FILTERS, type StatusFilter } from './rosterView';
import { useMediaQuery } from './useMediaQuery';
import type { RosterViewControls } from './useRosterView';

const phoneQuery = `(max-width: ${breakpoints.mobileMax}px)`;

const numbers = new Intl.NumberFormat('en-US');

export interface Noun {
  one: string;
  many: string;
}

/** "1,204 students", or "12 of 1,204 students" when a search or a filter is set. */
export function countText(shown: number, total: number, noun: Noun, filtered: boolean): string {
  const word = (filtered ? total : shown) === 1 ? noun.one : noun.many;
  return filtered ? `${numbers.format(shown)} of ${numbers.format(total)} ${word}` : `${numbers.format(total)} ${word}`;
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
  noun: Noun;
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

  return (
    <Area role="search" aria-label={`Find ${noun.many}`}>
      <Row>
        <Field $grow>
          <label htmlFor={`${id}-q`}>Search {noun.many}</label>
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
            {setCount > 0 ? `Filters (${setCount})` : 'Filters'}
          </Button>
        )}
      </Row>
      <Row id={panelId} hidden={!showFilters}>
        {offered.includes('program') && (
          <Choice id={`${id}-program`} label="Program" value={view.program} onChange={(program) => setFilter({ program })} options={(choices.programs ?? []).map((p) => [p, p])} />
        )}
        {offered.includes('owner') && (
          <Choice
            id={`${id}-owner`}
            label="Franchise owner"
            value={view.owner === null ? '' : String(view.owner)}
            onChange={(owner) => setFilter({ owner: owner ? Number(owner) : null })}
            options={(choices.owners ?? []).map((o) => [String(o.id), o.label])}
          />
        )}
        {offered.includes('country') && (
          <Choice id={`${id}-country`} label="Country" value={view.country} onChange={(country) => setFilter({ country })} options={(choices.countries ?? []).map((c) => [c, c])} />
        )}
        {offered.includes('status') && (
          <Choice
            id={`${id}-status`}
            label="Status"
            value={view.status}
            onChange={(status) => setFilter({ status: status as StatusFilter })}
            options={[
              ['active', 'Active'],
              ['ended', 'Ended'],
            ]}
          />
        )}
        {offered.includes('from') && (
          <Field>
            <label htmlFor={`${id}-from`}>Started from</label>
            <input id={`${id}-from`} type="date" value={view.from} max={view.to || undefined} onChange={(event) => setFilter({ from: event.target.value })} />
          </Field>
        )}
        {offered.includes('to') && (
          <Field>
            <label htmlFor={`${id}-to`}>Started until</label>
            <input id={`${id}-to`} type="date" value={view.to} min={view.from || undefined} onChange={(event) => setFilter({ to: event.target.value })} />
          </Field>
        )}
      </Row>
      <Row>
        {/* data-shown-for: the search these rows are for (the bench waits for it; typing may be ahead). */}
        <Count role="status" aria-live="polite" aria-atomic="true" data-shown-for={controls.query.q}>
          {countText(shown, total, noun, filtered)}
        </Count>
        {filtered && shown > 0 && (
          <Button type="button" $variant="secondary" onClick={clear}>
            Clear filters
          </Button>
        )}
      </Row>
    </Area>
  );
}

function Choice({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (value: string) => void; options: readonly (readonly [string, string])[] }) {
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All</option>
        {/* A value from a shared link that this list does not have still shows as chosen. */}
        {value && !options.some(([v]) => v === value) && <option value={value}>{value}</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The calm empty state of a search or filter that matches nothing, with the way back. */
export function NoMatch({ noun, onClear }: { noun: Noun; onClear: () => void }) {
  return (
    <Message $tone="info">
      <p>No {noun.one} matches this search and these filters.</p>
      <p>
        <Button type="button" $variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      </p>
    </Message>
  );
}
