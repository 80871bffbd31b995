/**
 * Asks before erasing a child's data: what will happen, that it cannot be undone, and the child's
 * name typed to confirm (so a slip of the mouse never erases anyone).
 */
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { space } from '../../../shared/theme';
import { Button } from '../../../shared/ui/Button';
import { Input } from '../../../shared/ui/Field';
import { Modal, ModalActions } from '../../../shared/ui/Modal';

const ConfirmLabel = styled.label`
  display: block;
  margin: ${space(4)} 0 ${space(2)};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const DangerButton = styled(Button)`
  background: ${({ theme }) => theme.colors.danger};
  border-color: ${({ theme }) => theme.colors.danger};
  color: #fff;
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

/** Names compared as people type them: case, accents' case and spacing do not matter. */
export const sameName = (typed: string, name: string) => typed.trim().replace(/\s+/g, ' ').toLocaleLowerCase() === name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

export function EraseDialog({ name, busy, onCancel, onConfirm }: { name: string; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const matches = sameName(typed, name);
  useEffect(() => {
    input.current?.focus();
  }, []);

  return (
    <Modal title={`Erase ${name}'s data?`} busy={busy} onClose={onCancel}>
      <p>This will:</p>
      <ul>
        <li>replace the child&apos;s name with &ldquo;Erased student&rdquo; and remove the parent&apos;s name, e-mail and phone;</li>
        <li>end the child&apos;s sign-in for good;</li>
        <li>delete the lessons they unlocked, their settings, and the mails to the parent about them;</li>
        <li>keep the student in your counts, without a name.</li>
      </ul>
      <p>
        <strong>This cannot be undone.</strong> If the parent asked for a copy, download the data first.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches && !busy) onConfirm();
        }}
      >
        <ConfirmLabel htmlFor={inputId}>Type the child&apos;s name ({name}) to confirm</ConfirmLabel>
        <Input id={inputId} ref={input} value={typed} autoComplete="off" spellCheck={false} onChange={(event) => setTyped(event.target.value)} />
        <ModalActions>
          <Button type="button" $variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <DangerButton type="submit" disabled={!matches || busy}>
            {busy ? 'Erasing…' : 'Erase for good'}
          </DangerButton>
        </ModalActions>
      </form>
    </Modal>
  );
}
