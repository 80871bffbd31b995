import type { FormEvent } from 'react';
import styled from 'styled-components';
import { REPORT_STATUSES } from '../../../contract/reports';
import { useMessages } from '../../shared/i18n/messages';
import { space } from '../../shared/theme';
import { Button } from '../../shared/ui/Button';
import { controlLook, FormField } from '../../shared/ui/Field';
import { qaInboxMessages } from './qaInbox.messages';
import type { ReportQuery } from './qaInboxSlice';
import { ROLE_LABELS, STATUS_LABELS } from './reportLabels';

export type ReportFilter = 'status' | 'role' | 'program' | 'appVersion';

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  gap: ${space(3)};
  align-items: end;
  margin-bottom: ${space(4)};
  select,
  input {
    ${controlLook}
  }
`;

/** The reports' filters as chosen so far (`draft`); `onChange` gets '' for "any". */
export function ReportFilters({ draft, onChange, onSubmit }: { draft: ReportQuery; onChange: (name: ReportFilter, value: string) => void; onSubmit: (event: FormEvent) => void }) {
  const t = useMessages(qaInboxMessages);
  return (
    <Filters onSubmit={onSubmit} aria-label={t.filters}>
      <FormField id="qa-status" label={t.status} error={null}>
        <select id="qa-status" value={draft.status ?? ''} onChange={(event) => onChange('status', event.target.value)}>
          <option value="">{t.anyStatus}</option>
          {REPORT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t[STATUS_LABELS[value]]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="qa-role" label={t.sentBy} error={null}>
        <select id="qa-role" value={draft.role ?? ''} onChange={(event) => onChange('role', event.target.value)}>
          <option value="">{t.anyone}</option>
          {Object.entries(ROLE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {t[label]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="qa-program" label={t.program} error={null}>
        <input id="qa-program" value={draft.program ?? ''} onChange={(event) => onChange('program', event.target.value)} placeholder={t.programPlaceholder} />
      </FormField>
      <FormField id="qa-version" label={t.portalVersion} error={null}>
        <input id="qa-version" value={draft.appVersion ?? ''} onChange={(event) => onChange('appVersion', event.target.value)} placeholder={t.versionPlaceholder} />
      </FormField>
      <Button type="submit" $variant="secondary">
        {t.applyFilters}
      </Button>
    </Filters>
  );
}
