/**
 * "The child's data" on the student's page: download everything stored about the child (JSON),
 * read it in plain words, or erase it when a parent asks (after a confirmation).
 */
import { useState } from 'react';
import styled from 'styled-components';
import { isErasedStudent } from '../../entities/students/erased';
import type { Student } from '../../api/types';
import { failureMessage } from '../../shared/failureMessage';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { space } from '../../shared/theme';
import { Button } from '../../shared/ui/Button';
import { Message } from '../../shared/ui/Message';
import type { StudentPageSectionProps } from '../../entities/students/studentPage';
import { DangerButton, EraseDialog } from './EraseDialog';
import { rosterPrivacyMessages } from './privacy.messages';
import { privacyActions, selectChildData } from './privacySlice';
import { ReadableCopy } from './ReadableCopy';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  margin-top: ${space(3)};
  > button {
    flex: 0 1 auto;
  }
  @media (max-width: 480px) {
    > button {
      flex: 1 1 100%;
    }
  }
`;

export const isErased = (s: Student) => isErasedStudent(s);

export default function ChildDataSection({ student }: StudentPageSectionProps) {
  const dispatch = useAppDispatch();
  const t = useMessages(rosterPrivacyMessages);
  const state = useAppSelector((s) => selectChildData(s, student.id));
  const [asking, setAsking] = useState(false);
  const studentId = student.id;
  const name = `${student.firstName} ${student.lastName}`.trim();
  const erased = isErased(student) || state.erase === 'done';
  const failed = state.download === 'failed' || state.readable === 'failed' || state.erase === 'failed';

  let status = '';
  if (state.download === 'working' || state.readable === 'working') status = t.collecting;
  else if (state.download === 'done') status = t.downloaded;

  return (
    <div>
      {erased ? (
        <Message $tone="success" role="status">
          <p>{t.erasedNote}</p>
        </Message>
      ) : (
        <p>{t.intro({ name })}</p>
      )}
      <Actions>
        <Button type="button" $variant="secondary" onClick={() => dispatch(privacyActions.downloadRequested({ studentId }))} disabled={state.download === 'working'}>
          {t.download}
        </Button>
        <Button type="button" $variant="secondary" onClick={() => dispatch(privacyActions.readableRequested({ studentId }))} disabled={state.readable === 'working'}>
          {t.openCopy}
        </Button>
        {!erased && (
          <DangerButton type="button" onClick={() => setAsking(true)}>
            {t.erase}
          </DangerButton>
        )}
      </Actions>
      <p role="status" aria-live="polite" style={{ minHeight: '1.5em', margin: `${space(2)} 0 0` }}>
        {status}
      </p>
      {failed && (
        <Message $tone="error" role="alert">
          <p>{state.erase === 'failed' ? t.eraseFailed : t.collectFailed}</p>
          <p>{failureMessage(state.error)}</p>
        </Message>
      )}
      {state.readable === 'done' && state.data && <ReadableCopy data={state.data} onClose={() => dispatch(privacyActions.readableClosed({ studentId }))} />}
      {asking && !erased && (
        <EraseDialog
          name={name}
          busy={state.erase === 'working'}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            dispatch(privacyActions.eraseConfirmed({ studentId }));
          }}
        />
      )}
    </div>
  );
}
