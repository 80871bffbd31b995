/**
 * Choosing several programs or models of a list and one action for all of them: publish, hide or
 * show (programs), hide by unpublishing (models), delete (after a question). What each page came
 * to shows below the bar: how many were done, and the server's reason for each one that was not.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { StudioBulkAction } from '../../../../contract/studio';
import { useMessages } from '../../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { Button } from '../../../shared/ui/Button';
import { Message } from '../../../shared/ui/Message';
import { bulkActions, type BulkScope } from '../bulkSlice';
import { studioBulkMessages } from '../studio.messages';
import { selectStudio, studioFailure } from '../studioSelectors';
import { ConfirmDialog } from './StudioParts';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: ${({ theme }) => theme.space[3]}px 0;
  min-height: ${({ theme }) => theme.touchTarget}px;
`;

export const SelectBox = styled.label`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: ${({ theme }) => theme.touchTarget}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  input {
    width: 20px;
    height: 20px;
  }
`;

/** The chosen ids of a list; ids that left the list and pages an action finished with are let go. */
export function useBulkSelection(scope: BulkScope, ids: readonly number[]) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const outcome = useAppSelector((state) => selectStudio(state).bulk);
  const present = useMemo(() => new Set(ids), [ids]);
  const selected = useMemo(() => [...chosen].filter((id) => present.has(id)), [chosen, present]);
  useEffect(() => {
    if (outcome.scope !== scope || !outcome.outcome) return;
    const done = new Set(outcome.outcome.done);
    setChosen((before) => new Set([...before].filter((id) => !done.has(id))));
  }, [outcome.scope, outcome.outcome, scope]);
  const toggle = useCallback((id: number, on: boolean) => setChosen((before) => new Set(on ? [...before, id] : [...before].filter((x) => x !== id))), []);
  const setAll = useCallback((on: boolean) => setChosen(on ? new Set(ids) : new Set()), [ids]);
  return { selected, isSelected: (id: number) => chosen.has(id), toggle, setAll };
}

export function SelectAll({ count, total, onChange }: { count: number; total: number; onChange: (on: boolean) => void }) {
  const t = useMessages(studioBulkMessages);
  return (
    <SelectBox style={{ gap: 8, justifyContent: 'flex-start' }}>
      <input
        type="checkbox"
        checked={total > 0 && count === total}
        ref={(input) => {
          if (input) input.indeterminate = count > 0 && count < total;
        }}
        onChange={(event) => onChange(event.target.checked)}
      />
      {t.selectAll}
    </SelectBox>
  );
}

const programActions: StudioBulkAction[] = ['publish', 'hide', 'show', 'delete'];
const modelActions: StudioBulkAction[] = ['publish', 'unpublish', 'delete'];

export function BulkBar({ scope, selected, titles, onClear }: { scope: BulkScope; selected: number[]; titles: Readonly<Record<number, string>>; onClear: () => void }) {
  const dispatch = useAppDispatch();
  const bulk = useAppSelector((state) => selectStudio(state).bulk);
  const [confirming, setConfirming] = useState(false);
  const t = useMessages(studioBulkMessages);
  const mine = bulk.scope === scope;
  const busy = mine ? bulk.busy : null;
  const kind = scope === 'programs' ? 'programs' : 'models';
  useEffect(() => {
    if (confirming && mine && bulk.busy === null && (bulk.outcome || bulk.error)) setConfirming(false);
  }, [confirming, mine, bulk.busy, bulk.outcome, bulk.error]);
  const run = (action: StudioBulkAction) => dispatch(bulkActions.requested({ scope, action, ids: selected }));
  return (
    <>
      {selected.length > 0 && (
        <Bar role="toolbar" aria-label={t.actions}>
          <strong>{kind === 'programs' ? t.selectedPrograms(selected.length) : t.selectedModels(selected.length)}</strong>
          {(kind === 'programs' ? programActions : modelActions).map((action) => (
            <Button key={action} type="button" $variant={action === 'publish' ? 'primary' : 'secondary'} disabled={busy !== null} onClick={() => (action === 'delete' ? setConfirming(true) : run(action))}>
              {busy === action ? t.working : t[action]}
            </Button>
          ))}
          <Button type="button" $variant="secondary" onClick={onClear} disabled={busy !== null}>
            {t.clear}
          </Button>
        </Bar>
      )}
      <div aria-live="polite">
        {mine && bulk.error && (
          <Message $tone="error" role="alert">
            <p>{t.notSent({ reason: studioFailure(bulk.error) })}</p>
          </Message>
        )}
        {mine && bulk.outcome && (
          <Message $tone={bulk.outcome.failed.length > 0 ? 'error' : 'success'} role={bulk.outcome.failed.length > 0 ? 'alert' : 'status'}>
            <p>{t.done(bulk.outcome.done.length)}</p>
            {bulk.outcome.failed.length > 0 && (
              <>
                <p>{t.notDoneHeading}</p>
                <ul>
                  {bulk.outcome.failed.map((failure) => (
                    <li key={failure.id}>{t.failureLine({ title: failure.title || titles[failure.id] || `#${failure.id}`, reason: failure.reason })}</li>
                  ))}
                </ul>
              </>
            )}
          </Message>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title={kind === 'programs' ? t.deletePrograms(selected.length) : t.deleteModels(selected.length)}
          confirmLabel={t.delete}
          busy={busy === 'delete'}
          onConfirm={() => run('delete')}
          onCancel={() => setConfirming(false)}
        >
          <p>{t.deleteExplanation}</p>
          <ul translate="no">
            {selected.map((id) => (
              <li key={id}>{titles[id] ?? `#${id}`}</li>
            ))}
          </ul>
        </ConfirmDialog>
      )}
    </>
  );
}
