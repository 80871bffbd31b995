import styled from 'styled-components';
import { failureMessage } from '../../../shared/failureMessage';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { Button } from '../../../shared/ui/Button';
import { Message } from '../../../shared/ui/Message';
import { useMessages } from '../../../shared/i18n/messages';
import { useFormatters } from '../../../shared/i18n/formatting';
import { prepareMessages } from './prepare.messages';
import { classPrepActions, selectClassPrep, type ClassPrepState } from './classPrepSlice';

const Panel = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]}px;
  margin: 0 auto ${({ theme }) => theme.space[4]}px;
  max-width: 40rem;
  text-align: center;

  p {
    margin: 0;
  }
`;

const Bar = styled.progress`
  width: 100%;
  height: 12px;
  accent-color: ${({ theme }) => theme.colors.accent};
`;

const Wide = styled.div`
  flex-basis: 100%;
`;

function outcome(prep: ClassPrepState, t: ReturnType<typeof prepareMessages.get>): { tone: 'success' | 'error' | 'info'; text: string } | null {
  switch (prep.status) {
    case 'done':
      return prep.missed > 0 ? { tone: 'info', text: t.readyExcept(prep.missed) } : { tone: 'success', text: t.ready };
    case 'failed':
      return { tone: 'error', text: t.notPrepared({ reason: failureMessage(prep.error) }) };
    case 'canceled':
      return { tone: 'info', text: t.stopped };
    default:
      return null;
  }
}

/**
 * Owners, on a program's select-model screen: saves every model's steps and pictures on this device
 * (the service worker's caches), for a classroom with weak Wi-Fi. Progress as n of N files; cancelable.
 */
export function PrepareForClass({ programId }: { programId: number }) {
  const dispatch = useAppDispatch();
  const prep = useAppSelector((state) => selectClassPrep(state, programId));
  const running = prep.status === 'running';
  const t = useMessages(prepareMessages);
  const f = useFormatters();
  const said = outcome(prep, t);

  return (
    <Panel aria-label={t.prepareForClass}>
      {running ? (
        <>
          <Wide>
            <Bar value={prep.done} max={Math.max(prep.total, 1)} aria-label={t.preparing} />
            <p aria-live="polite">{prep.total > 0 ? t.saving({ done: f.number(prep.done), total: f.number(prep.total) }) : t.findingModels}</p>
          </Wide>
          <Button type="button" $variant="secondary" onClick={() => dispatch(classPrepActions.canceled())}>
            {t.cancel}
          </Button>
        </>
      ) : (
        <>
          <p>{t.weakWifi}</p>
          <Button type="button" $variant="secondary" onClick={() => dispatch(classPrepActions.prepareRequested({ programId }))}>
            {t.prepareForClass}
          </Button>
        </>
      )}
      {said && (
        <Wide role="status">
          <Message $tone={said.tone}>
            <p>{said.text}</p>
          </Message>
        </Wide>
      )}
    </Panel>
  );
}
