/**
 * The one modal dialog look and behaviour: a dimmed backdrop, a card with a title, keyboard focus
 * kept inside while it is open (Tab cycles), Escape to close unless busy, and focus back on what
 * opened it afterwards.
 */
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import styled from 'styled-components';
import { space } from '../theme';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.modal};
  display: grid;
  place-items: center;
  padding: ${space(4)};
  background: ${({ theme }) => theme.colors.overlay};
`;

const Box = styled.div`
  width: min(34rem, 100%);
  max-height: calc(100vh - 2 * ${space(4)});
  overflow: auto;
  padding: ${space(5)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  h2 {
    margin: 0 0 ${space(3)};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

/** The dialog's buttons, at the end of the line (the left in Hebrew), wrapping on a phone. */
export const ModalActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${space(3)};
  margin-top: ${space(5)};
`;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  busy?: boolean;
  onClose: () => void;
  children: ReactNode;
  /** A question that needs an answer before going on (role alertdialog), such as confirming a deletion. */
  alert?: boolean;
  /** What gets the focus on opening (else the first field or button): Cancel, for a question that destroys something. */
  initialFocus?: RefObject<HTMLElement | null>;
}

export function Modal({ title, busy = false, onClose, children, alert = false, initialFocus }: ModalProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = initialFocus?.current ?? box.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box.current)?.focus();
    return () => opener?.focus();
    // Only on opening: focus moves once, then belongs to the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) onClose();
    if (event.key !== 'Tab' || !box.current) return;
    const focusable = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    <Backdrop onKeyDown={onKeyDown}>
      <Box ref={box} role={alert ? 'alertdialog' : 'dialog'} aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <h2 id={titleId}>{title}</h2>
        {children}
      </Box>
    </Backdrop>
  );
}
