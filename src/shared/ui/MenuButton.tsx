import { Fragment, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import styled, { keyframes } from 'styled-components';
import { media, SLIDE_MENU_WIDTH_PX } from '../breakpoints';

/** One entry of a menu: a link inside the portal, an action (Log out), or a line between groups. */
export type MenuEntry =
  | { kind: 'link'; label: string; to: string }
  | { kind: 'action'; label: string; onSelect: () => void; lang?: string; current?: boolean }
  | { kind: 'separator'; key: string };

const Wrap = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]}px;
  min-width: ${({ theme }) => theme.touchTarget}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 ${({ theme }) => theme.space[3]}px;
  border: 2px solid rgba(255, 255, 255, 0.7);
  border-radius: ${({ theme }) => theme.radii.pill};
  background: transparent;
  color: #fff;
  cursor: pointer;

  &:hover,
  &[aria-expanded='true'] {
    background: ${({ theme }) => theme.colors.brandDark};
  }
  &:focus-visible {
    outline-color: #fff;
  }
`;

const Backdrop = styled.div`
  display: none;
  ${media.headerMobile} {
    display: block;
    position: fixed;
    inset: 0;
    background: ${({ theme }) => theme.colors.overlay};
    z-index: ${({ theme }) => theme.zIndex.menu - 1};
  }
`;

/** From the inline end: the right in English, the left in Hebrew. */
const slideIn = keyframes`from { transform: translateX(100%); } to { transform: translateX(0); }`;
const slideInRtl = keyframes`from { transform: translateX(-100%); } to { transform: translateX(0); }`;

/** A dropdown under the gear on desktop; a 280 px slide-in panel at 800 px and below. */
const Panel = styled.div`
  position: absolute;
  inset-inline-end: 0;
  top: calc(100% + ${({ theme }) => theme.space[2]}px);
  min-width: 15rem;
  /* A long menu (the office's) scrolls inside the window: the header stays put, so the page cannot. */
  max-height: calc(100vh - 5rem);
  overflow-y: auto;
  padding: ${({ theme }) => theme.space[2]}px 0;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  z-index: ${({ theme }) => theme.zIndex.menu};

  ${media.headerMobile} {
    position: fixed;
    top: 0;
    inset-inline-end: 0;
    bottom: 0;
    max-height: none;
    width: ${SLIDE_MENU_WIDTH_PX}px;
    max-width: 100vw;
    border-radius: 0;
    overflow-y: auto;
    padding-top: ${({ theme }) => theme.space[5]}px;
    animation: ${slideIn} 0.2s ease-out;
    [dir='rtl'] & {
      animation-name: ${slideInRtl};
    }
  }
`;

const MenuList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Separator = styled.li`
  height: 1px;
  margin: ${({ theme }) => theme.space[2]}px 0;
  background: ${({ theme }) => theme.colors.border};
`;

const itemStyle = `
  display: flex;
  align-items: center;
  width: 100%;
  min-height: 44px;
  padding: 8px 20px;
  border: 0;
  background: none;
  text-align: start;
  text-decoration: none;
  font-size: 1rem;
  cursor: pointer;
`;

const ItemLink = styled(Link)`
  ${itemStyle}
  color: ${({ theme }) => theme.colors.text};
  &:hover,
  &:focus {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.accentDark};
  }
`;

const ItemButton = styled.button`
  ${itemStyle}
  color: ${({ theme }) => theme.colors.brandDark};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  &:hover,
  &:focus {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

/**
 * A menu button (aria-haspopup, aria-expanded): a dropdown under the button on desktop, a 280 px
 * panel sliding in at 800 px and below. Keyboard: Enter/Space/ArrowDown open on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes and returns focus to the button;
 * Tab closes.
 */
export function MenuButton({ label, icon, entries }: { label: string; icon: ReactNode; entries: MenuEntry[] }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const menuId = useId();
  const buttonId = useId();

  const items = () => [...(panelRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const openMenu = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    const list = items();
    const target = focusOnOpen.current === 'last' ? list[list.length - 1] : list[0];
    target?.focus();
    focusOnOpen.current = null;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      const node = event.target as Node;
      if (!panelRef.current?.contains(node) && !buttonRef.current?.contains(node)) close(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, close]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(list.length - 1);
        break;
      default:
    }
  };

  return (
    <Wrap>
      <Trigger
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {icon}
      </Trigger>
      {open && (
        <>
          <Backdrop aria-hidden="true" onClick={() => close(true)} />
          <Panel ref={panelRef} onKeyDown={onMenuKeyDown}>
            <MenuList id={menuId} role="menu" aria-labelledby={buttonId}>
              {entries.map((entry) => (
                <Fragment key={entry.kind === 'separator' ? entry.key : entry.label}>
                  {entry.kind === 'separator' ? (
                    <Separator role="separator" />
                  ) : (
                    <li role="none">
                      {entry.kind === 'link' ? (
                        <ItemLink role="menuitem" to={entry.to} tabIndex={-1} onClick={() => close(false)}>
                          {entry.label}
                        </ItemLink>
                      ) : (
                        <ItemButton
                          role="menuitem"
                          type="button"
                          tabIndex={-1}
                          lang={entry.lang}
                          // A language's own name (English, עברית) is shown as written.
                          translate={entry.lang ? 'no' : undefined}
                          aria-current={entry.current ? 'true' : undefined}
                          onClick={() => {
                            close(false);
                            entry.onSelect();
                          }}
                        >
                          {entry.label}
                          {entry.current && <span aria-hidden="true"> ✓</span>}
                        </ItemButton>
                      )}
                    </li>
                  )}
                </Fragment>
              ))}
            </MenuList>
          </Panel>
        </>
      )}
    </Wrap>
  );
}
