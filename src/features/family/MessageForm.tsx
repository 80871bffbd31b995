/** A short message to the child's teacher, mailed to her; the reply comes by e-mail. */
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { FAMILY_LIMITS } from '../../../contract/family';
import { failureMessage } from '../../shared/failureMessage';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { controlProps, ErrorText, TextArea } from '../../shared/ui/Field';
import { LeaveGuard } from '../../shared/ui/LeaveGuard';
import { Message } from '../../shared/ui/Message';
import { ModalActions } from '../../shared/ui/Modal';
import { familyTexts } from './family.messages';
import { familyActions, selectFamily } from './familySlice';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[2]}px;
  label {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export function MessageForm({ studentId, teacher, onClose }: { studentId: number; teacher: string; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const t = useMessages(familyTexts);
  const sending = useAppSelector(selectFamily).messages[studentId] ?? { status: 'idle', error: null };
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const max = String(FAMILY_LIMITS.messageMaxLength);

  if (sending.status === 'sent') {
    return (
      <>
        <Message $tone="success" role="status">
          <p>{t.messageSent}</p>
        </Message>
        <Button type="button" $variant="secondary" onClick={() => dispatch(familyActions.messageFormOpened({ studentId }))}>
          {t.writeAnother}
        </Button>
      </>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending.status === 'sending') return;
    const typed = text.trim();
    const found = typed === '' ? t.messageEmpty : typed.length > FAMILY_LIMITS.messageMaxLength ? t.messageTooLong({ max }) : null;
    setProblem(found);
    if (!found) dispatch(familyActions.messageSent({ studentId, text: typed }));
  };

  return (
    <Form onSubmit={submit} noValidate>
      <LeaveGuard unsaved={text.trim() !== ''} saving={sending.status === 'sending'} />
      <label htmlFor={id}>{t.messageLabel({ teacher })}</label>
      <Hint id={`${id}-hint`}>{t.messageHint({ max })}</Hint>
      <TextArea value={text} onChange={(event) => setText(event.target.value)} maxLength={FAMILY_LIMITS.messageMaxLength} {...controlProps(id, problem)} aria-describedby={problem ? `${id}-error` : `${id}-hint`} />
      {problem && (
        <ErrorText id={`${id}-error`} role="alert">
          {problem}
        </ErrorText>
      )}
      {sending.status === 'failed' && (
        <Message $tone="error" role="alert">
          <p>{t.messageNotSent({ reason: sending.error?.status === 429 ? t.messageTooMany : failureMessage(sending.error) })}</p>
        </Message>
      )}
      <ModalActions>
        <Button type="button" $variant="secondary" onClick={onClose} disabled={sending.status === 'sending'}>
          {t.cancel}
        </Button>
        <Button type="submit" $variant="brand" disabled={sending.status === 'sending'}>
          {sending.status === 'sending' ? t.sending : t.send}
        </Button>
      </ModalActions>
    </Form>
  );
}
