/**
 * Asks before erasing a child's data: what will happen, that it cannot be undone, and the child's
 * name typed to confirm (so a slip of the mouse never erases anyone).
 */
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useMessages } from '../../shared/i18n/messages';
import { space } from '../../shared/theme';
import { Button } from '../../shared/ui/Button';
import { Input } from '../../shared/ui/Field';
import { Modal, ModalActions } from '../../shared/ui/Modal';
import { rosterPrivacyMessages } from './privacy.messages';

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
  const t = useMessages(rosterPrivacyMessages);
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const matches = sameName(typed, name);
  useEffect(() => {
    input.current?.focus();
  }, []);

  return (
    <Modal title={t.eraseTitle({ name })} busy={busy} onClose={onCancel}>
      <p>{t.thisWill}</p>
      <ul>
        <li>{t.willReplaceName}</li>
        <li>{t.willEndSignIn}</li>
        <li>{t.willDelete}</li>
        <li>{t.willKeepCount}</li>
      </ul>
      <p>
        <strong>{t.cannotBeUndone}</strong> {t.downloadFirst}
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches && !busy) onConfirm();
        }}
      >
        <ConfirmLabel htmlFor={inputId}>{t.typeName({ name })}</ConfirmLabel>
        <Input id={inputId} ref={input} value={typed} autoComplete="off" spellCheck={false} onChange={(event) => setTyped(event.target.value)} />
        <ModalActions>
          <Button type="button" $variant="secondary" onClick={onCancel} disabled={busy}>
            {t.cancel}
          </Button>
          <DangerButton type="submit" disabled={!matches || busy}>
            {busy ? t.erasing : t.eraseForGood}
          </DangerButton>
        </ModalActions>
      </form>
    </Modal>
  );
}
