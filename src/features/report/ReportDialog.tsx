/**
 * "Report a problem" (issue 20): a short note, a picture of the page only when the user agrees, and
 * the app's recent actions (without passwords, codes or anyone's name or contact). The note stays
 * here until the report is sent, so a failed send loses nothing.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { REPORT_LIMITS, type ReportedError } from '../../../contract/reports';
import { useLazyFeature } from '../../shared/lazyFeature';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { space } from '../../shared/theme';
import { Button } from '../../shared/ui/Button';
import { controlLook, FormField, controlProps } from '../../shared/ui/Field';
import { Message } from '../../shared/ui/Message';
import { Modal, ModalActions } from '../../shared/ui/Modal';
import { reportFeature } from './reportSaga';
import { reportActions, selectReport } from './reportSlice';

const NoteBox = styled.textarea`
  ${controlLook}
  min-height: 7rem;
  resize: vertical;
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${space(2)};
  min-height: ${({ theme }) => theme.touchTarget}px;
  margin-top: ${space(3)};
`;

const Hint = styled.p`
  margin: ${space(2)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export interface ReportDialogProps {
  /** The crash the report is about, attached as it is (message and stack). */
  error?: ReportedError;
  onClose: () => void;
}

export default function ReportDialog({ error, onClose }: ReportDialogProps) {
  useLazyFeature(reportFeature);
  const dispatch = useAppDispatch();
  const { status, reference, failure } = useAppSelector(selectReport);
  const [note, setNote] = useState('');
  const [attachPicture, setAttachPicture] = useState(false);
  const [noteError, setNoteError] = useState<string | null>(null);
  const noteId = useId();
  const sending = status === 'sending';

  useEffect(() => {
    dispatch(reportActions.dialogOpened());
  }, [dispatch]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = note.trim();
    if (trimmed === '') {
      setNoteError('Write a few words about what happened.');
      return;
    }
    setNoteError(null);
    dispatch(reportActions.sendRequested({ note: trimmed, attachPicture, error: error ?? null }));
  };

  if (status === 'sent' || status === 'queued') {
    return (
      <Modal title="Report a problem" onClose={onClose}>
        <Message $tone="success" role="status">
          {status === 'sent' ? <p>Report sent. Reference: {reference}</p> : <p>Saved; it will be sent when you are back online.</p>}
        </Message>
        <ModalActions>
          <Button type="button" $variant="primary" onClick={onClose}>
            Close
          </Button>
        </ModalActions>
      </Modal>
    );
  }

  return (
    <Modal title="Report a problem" busy={sending} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        {error && (
          <Message $tone="info">
            <p>Something went wrong on this page. Its technical details will be attached to your report.</p>
          </Message>
        )}
        <FormField id={noteId} label="What happened?" error={noteError}>
          <NoteBox
            {...controlProps(noteId, noteError)}
            value={note}
            maxLength={REPORT_LIMITS.noteChars}
            required
            onChange={(event) => setNote(event.target.value)}
          />
        </FormField>
        <Hint>
          {note.length} of {REPORT_LIMITS.noteChars} characters. Your report includes what you did in the portal recently (without passwords, codes or anyone&apos;s name or
          contact details), your browser and screen size.
        </Hint>
        <Check>
          <input type="checkbox" checked={attachPicture} onChange={(event) => setAttachPicture(event.target.checked)} />
          Attach a picture of this page
        </Check>
        {status === 'failed' && failure && (
          <Message $tone="error" role="alert">
            <p>The report could not be sent. {failure}</p>
          </Message>
        )}
        <ModalActions>
          <Button type="button" $variant="secondary" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" $variant="primary" disabled={sending}>
            {sending ? 'Sending…' : 'Send report'}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
