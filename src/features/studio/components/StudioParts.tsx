/** Pieces every studio editor shares: status, the save/publish bar, a confirmation, progress. */
import { useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import type { StudioStatus } from '../../../../contract/studio';
import { Button } from '../../../shared/ui/Button';
import { Message } from '../../../shared/ui/Message';
import { Modal, ModalActions } from '../../../shared/ui/Modal';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { selectEditor, studioFailure } from '../studioSelectors';
import { studioActions, type EditorState, type SaveAction } from '../studioSlice';
import { useMessages } from '../../../shared/i18n/messages';
import { studioMessages } from '../studio.messages';

export function statusText(status: StudioStatus, hasDraft: boolean, t = studioMessages.get()): string {
  if (status === 'draft') return t.statusDraft;
  return hasDraft ? t.statusChanged : t.statusPublished;
}

const Badge = styled.span<{ $tone: 'draft' | 'changed' | 'live' }>`
  display: inline-block;
  padding: 2px ${({ theme }) => theme.space[2]}px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  background: ${({ $tone, theme }) => ($tone === 'live' ? theme.colors.successSurface : $tone === 'draft' ? theme.colors.surfaceAlt : theme.colors.dangerSurface)};
  color: ${({ $tone, theme }) => ($tone === 'live' ? theme.colors.leaf : $tone === 'draft' ? theme.colors.textMuted : theme.colors.danger)};
  border: 1px solid currentColor;
`;

export function StatusBadge({ status, hasDraft }: { status: StudioStatus; hasDraft: boolean }) {
  const t = useMessages(studioMessages);
  const tone = status === 'draft' ? 'draft' : hasDraft ? 'changed' : 'live';
  return <Badge $tone={tone}>{statusText(status, hasDraft, t)}</Badge>;
}

export const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  margin: ${({ theme }) => theme.space[4]}px 0;
`;

const notDone = { save: 'notSaved', publish: 'notPublished', discard: 'notDiscarded', delete: 'notDeleted' } as const satisfies Record<SaveAction, string>;

/** Save draft, Publish, Discard (only with unpublished changes); what failed, with Try again; what worked. */
export function EditorActions({
  editor,
  status,
  hasDraft,
  onAction,
  extra,
}: {
  editor: EditorState;
  status: StudioStatus;
  hasDraft: boolean;
  onAction: (action: SaveAction) => void;
  extra?: ReactNode;
}) {
  const busy = editor.busy;
  const t = useMessages(studioMessages);
  return (
    <Sticky>
      <Bar>
        <StatusBadge status={status} hasDraft={hasDraft || (editor.dirty && status === 'publish')} />
        <Button type="button" $variant="secondary" onClick={() => onAction('save')} aria-disabled={busy !== null} disabled={busy !== null}>
          {busy === 'save' ? t.saving : t.saveDraft}
        </Button>
        <Button type="button" onClick={() => onAction('publish')} disabled={busy !== null}>
          {busy === 'publish' ? t.publishing : t.publish}
        </Button>
        {status === 'publish' && hasDraft && (
          <Button type="button" $variant="secondary" onClick={() => onAction('discard')} disabled={busy !== null}>
            {t.discardChanges}
          </Button>
        )}
        {extra}
      </Bar>
      <div aria-live="polite">
        {editor.failed && (
          <Message $tone="error" role="alert">
            <p>{t[notDone[editor.failed.action]]({ reason: studioFailure(editor.failed.error) })}</p>
            <Button type="button" $variant="secondary" onClick={() => onAction(editor.failed!.action)}>
              {t.tryAgain}
            </Button>
          </Message>
        )}
        {editor.notice && !editor.failed && (
          <Message $tone="success">
            <p>{t[editor.notice]}</p>
          </Message>
        )}
      </div>
    </Sticky>
  );
}

/** The save bar stays in reach while the editor scrolls. */
const Sticky = styled.div`
  position: sticky;
  top: 0;
  z-index: 2;
  background: ${({ theme }) => theme.colors.page};
  padding: 0 ${({ theme }) => theme.space[1]}px;
`;

/** A question before something that cannot be undone: focus starts on Cancel; Escape or Cancel closes it. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const t = useMessages(studioMessages);
  return (
    <Modal title={title} alert busy={busy} onClose={onCancel} initialFocus={cancelRef}>
      {children}
      <ModalActions>
        <Button type="button" $variant="brand" onClick={onConfirm} disabled={busy}>
          {busy ? t.working : confirmLabel}
        </Button>
        <Button type="button" $variant="secondary" ref={cancelRef} onClick={onCancel}>
          {t.cancel}
        </Button>
      </ModalActions>
    </Modal>
  );
}

const Track = styled.div`
  height: 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.skeleton};
  overflow: hidden;
  > span {
    display: block;
    height: 100%;
    background: ${({ theme }) => theme.colors.accent};
  }
`;

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <Track role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <span style={{ width: `${percent}%` }} />
    </Track>
  );
}


/** Asks before moving a program (saying how many models go with it) or a model to the trash; the server's reason shows when it refuses. */
export function StudioDeleteDialog({ kind, id, title, models = 0, onCancel }: { kind: 'program' | 'model'; id: number; title: string; models?: number; onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const editor = useAppSelector((state) => selectEditor(state, id));
  const t = useMessages(studioMessages);
  return (
    <ConfirmDialog
      title={t.deleteQuestion({ title })}
      confirmLabel={kind === 'program' ? t.deleteProgram : t.deleteModel}
      busy={editor?.busy === 'delete'}
      onConfirm={() => dispatch(studioActions.saveRequested({ id, action: 'delete' }))}
      onCancel={onCancel}
    >
      <p>{kind === 'model' ? t.deleteModelExplanation : models > 0 ? t.deleteProgramExplanation(models) : t.deleteEmptyProgramExplanation}</p>
      {editor?.failed?.action === 'delete' && (
        <Message $tone="error" role="alert">
          <p>{studioFailure(editor.failed.error)}</p>
        </Message>
      )}
    </ConfirmDialog>
  );
}
