/** An owner's family summary mail: monthly, or weekly where she turns it on; saved as she chooses. */
import { useEffect } from 'react';
import styled from 'styled-components';
import type { SummaryFrequency } from '../../../contract/family';
import { failureMessage } from '../../shared/failureMessage';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Card } from '../../shared/ui/Card';
import { CompactSelect } from '../../shared/ui/Field';
import { LoadFailed } from '../../shared/ui/States';
import { renewalsMessages } from './renewals.messages';
import { renewalsActions, selectRenewals } from './renewalsSlice';
import { settingsCard } from './settingsCard';

const Box = styled(Card).attrs({ as: 'section' })`
  ${settingsCard}
  p {
    margin: 0;
  }
  label {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]}px;
    min-height: ${({ theme }) => theme.touchTarget}px;
  }
`;

export function FamilySummaryForm() {
  const dispatch = useAppDispatch();
  const t = useMessages(renewalsMessages);
  const { familySummary, saveFamilySummary } = useAppSelector(selectRenewals);
  useEffect(() => {
    dispatch(renewalsActions.familySummaryRequested());
  }, [dispatch]);

  if (familySummary.status === 'failed') return <LoadFailed what={t.familySummaryWhat} error={familySummary.error} onRetry={() => dispatch(renewalsActions.familySummaryRequested())} />;
  if (familySummary.status !== 'ready') return null;
  const saving = saveFamilySummary.status === 'saving';
  return (
    <Box aria-labelledby="family-summary-title">
      <h2 id="family-summary-title">{t.familySummaryTitle}</h2>
      <p>{t.familySummaryIntro}</p>
      <label>
        <span id="family-summary-label">{t.familySummaryLabel}</span>
        <CompactSelect aria-labelledby="family-summary-title family-summary-label" value={familySummary.value} disabled={saving} onChange={(event) => dispatch(renewalsActions.familySummaryChanged(event.target.value as SummaryFrequency))}>
          <option value="monthly">{t.monthly}</option>
          <option value="weekly">{t.weekly}</option>
        </CompactSelect>
      </label>
      <p role="status">{saving ? t.familySummarySaving : saveFamilySummary.status === 'saved' ? t.familySummarySaved : ''}</p>
      {saveFamilySummary.status === 'failed' && <p role="alert">{t.familySummaryNotSaved({ reason: failureMessage(saveFamilySummary.error) })}</p>}
    </Box>
  );
}
