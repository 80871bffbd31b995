/**
 * "Report a problem": a short note, a picture of the page only when the user agrees, and
 * the app's recent actions (without passwords, codes or anyone's name or contact). The note stays
 * here until the report is sent, so a failed send loses nothing; closing the dialog (Cancel,
 * Escape) hands it to whoever opened it as a draft, so opening it again shows it.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { REPORT_LIMITS, type ReportedError } from '../../../contract/reports';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { space } from '../../shared/theme';
import { Button } from '../../shared/ui/Button';
import { FormField, controlProps, TextArea } from '../../shared/ui/Field';
import { Message } from '../../shared/ui/Message';
import { Modal, ModalActions } from '../../shared/ui/Modal';
import { useFeature } from '../../shared/useFeature';
import { reportActions, selectReport } from './reportSlice';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { reportMessages } from './report.messages';

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

/** What the user has written and chosen, not sent yet. */
export interface ReportDraft {
  note: string;
  attachPicture: boolean;
}

export const emptyReportDraft: ReportDraft = { note: '', attachPicture: false };

export interface ReportDialogProps {
  /** The crash the report is about, attached as it is (message and stack). */
  error?: ReportedError;
  /** What was written the last time the dialog was closed without sending. */
  draft?: ReportDraft;
  /** Told of every change, and of the empty draft once the report is sent or saved to send. */
  onDraftChange?: (draft: ReportDraft) => void;
  onClose: () => void;
}

export default function ReportDialog({ error, draft = emptyReportDraft, onDraftChange, onClose }: ReportDialogProps) {
  const joined = useFeature('report');
  const dispatch = useAppDispatch();
  const { status, reference, failure } = useAppSelector(selectReport);
  const [note, setNote] = useState(draft.note);
  const [attachPicture, setAttachPicture] = useState(draft.attachPicture);
  const [noteMissing, setNoteMissing] = useState(false);
  const noteId = useId();
  const sending = status === 'sending';
  const t = useMessages(reportMessages);
  const format = useFormatters();
  const noteError = noteMissing ? t.noteRequired : null;

  useEffect(() => {
    if (joined) dispatch(reportActions.dialogOpened());
  }, [dispatch, joined]);
  const done = status === 'sent' || status === 'queued';
  useEffect(() => {
    onDraftChange?.(done ? emptyReportDraft : { note, attachPicture });
  }, [onDraftChange, done, note, attachPicture]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = note.trim();
    if (trimmed === '') {
      setNoteMissing(true);
      return;
    }
    setNoteMissing(false);
    dispatch(reportActions.sendRequested({ note: trimmed, attachPicture, error: error ?? null }));
  };

  if (done) {
    return (
      <Modal title={t.title} onClose={onClose}>
        <Message $tone="success" role="status">
          {status === 'sent' ? <p>{t.sent({ reference: reference ?? '' })}</p> : <p>{t.queued}</p>}
        </Message>
        <ModalActions>
          <Button type="button" $variant="primary" onClick={onClose}>
            {t.close}
          </Button>
        </ModalActions>
      </Modal>
    );
  }

  return (
    <Modal title={t.title} busy={sending} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        {error && (
          <Message $tone="info">
            <p>{t.crashNote}</p>
          </Message>
        )}
        <FormField id={noteId} label={t.noteLabel} error={noteError}>
          <TextArea
            {...controlProps(noteId, noteError)}
            value={note}
            maxLength={REPORT_LIMITS.noteChars}
            required
            onChange={(event) => setNote(event.target.value)}
          />
        </FormField>
        <Hint>{t.hint({ length: format.number(note.length), max: format.number(REPORT_LIMITS.noteChars) })}</Hint>
        <Check>
          <input type="checkbox" checked={attachPicture} onChange={(event) => setAttachPicture(event.target.checked)} />
          {t.attachPicture}
        </Check>
        {status === 'failed' && failure && (
          <Message $tone="error" role="alert">
            <p>{t.notSent({ reason: failure })}</p>
          </Message>
        )}
        <ModalActions>
          <Button type="button" $variant="secondary" onClick={onClose} disabled={sending}>
            {t.cancel}
          </Button>
          <Button type="submit" $variant="primary" disabled={sending}>
            {sending ? t.sending : t.send}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
