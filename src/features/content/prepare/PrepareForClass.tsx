import styled from 'styled-components';
import { failureMessage } from '../../../shared/failureMessage';
import { useLazyFeature } from '../../../shared/lazyFeature';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { Button } from '../../../shared/ui/Button';
import { Message } from '../../../shared/ui/Message';
import { classPrepFeature } from './classPrepFeature';
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

function outcome(prep: ClassPrepState): { tone: 'success' | 'error' | 'info'; text: string } | null {
  switch (prep.status) {
    case 'done':
      return prep.missed > 0
        ? { tone: 'info', text: `Ready for class, except ${prep.missed} of the pictures: prepare again to try those once more.` }
        : { tone: 'success', text: 'Ready for class: every model of this program opens on this device without the internet.' };
    case 'failed':
      return { tone: 'error', text: `The program was not prepared. ${failureMessage(prep.error)}` };
    case 'canceled':
      return { tone: 'info', text: 'Stopped. What was saved so far stays on this device.' };
    default:
      return null;
  }
}

/**
 * Owners, on a program's select-model screen: saves every model's steps and pictures on this device
 * (the service worker's caches), for a classroom with weak Wi-Fi. Progress as n of N files; cancelable.
 */
export function PrepareForClass({ programId }: { programId: number }) {
  useLazyFeature(classPrepFeature);
  const dispatch = useAppDispatch();
  const prep = useAppSelector((state) => selectClassPrep(state, programId));
  const running = prep.status === 'running';
  const said = outcome(prep);

  return (
    <Panel aria-label="Prepare for class">
      {running ? (
        <>
          <Wide>
            <Bar value={prep.done} max={Math.max(prep.total, 1)} aria-label="Preparing for class" />
            <p aria-live="polite">{prep.total > 0 ? `Saving ${prep.done} of ${prep.total} files…` : 'Finding the models…'}</p>
          </Wide>
          <Button type="button" $variant="secondary" onClick={() => dispatch(classPrepActions.canceled())}>
            Cancel
          </Button>
        </>
      ) : (
        <>
          <p>Weak Wi-Fi in class? Save this program&apos;s models on this device first.</p>
          <Button type="button" $variant="secondary" onClick={() => dispatch(classPrepActions.prepareRequested({ programId }))}>
            Prepare for class
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
