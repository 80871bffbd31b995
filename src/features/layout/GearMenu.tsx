import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import styled, { keyframes } from 'styled-components';
import { media, SLIDE_MENU_WIDTH_PX } from '../../shared/breakpoints';
import { paths } from '../../shared/paths';
import type { MenuLink } from './menuItems';

const Wrap = styled.div`
  position: relative;
`;

const GearButton = styled.button`
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

const slideIn = keyframes`from { transform: translateX(100%); } to { transform: translateX(0); }`;

/** A dropdown under the gear on desktop; a 280 px slide-in panel at 800 px and below. */
const Panel = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + ${({ theme }) => theme.space[2]}px);
  min-width: 15rem;
  padding: ${({ theme }) => theme.space[2]}px 0;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  z-index: ${({ theme }) => theme.zIndex.menu};

  ${media.headerMobile} {
    position: fixed;
    top: 0;
    right: 0;
    bottom: 0;
    width: ${SLIDE_MENU_WIDTH_PX}px;
    max-width: 100vw;
    border-radius: 0;
    overflow-y: auto;
    padding-top: ${({ theme }) => theme.space[5]}px;
    animation: ${slideIn} 0.2s ease-out;
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
  text-align: left;
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

function GearIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="currentColor">
      <path d="M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.4 7.4 0 0 0-1.7-1l-.4-2.7h-4l-.4 2.7a7.4 7.4 0 0 0-1.7 1l-2.5-1-2 3.5L4.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1c.5.4 1.1.7 1.7 1l.4 2.7h4l.4-2.7c.6-.3 1.2-.6 1.7-1l2.5 1 2-3.5L19.4 13ZM12 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z" />
    </svg>
  );
}

/**
 * The gear menu: a menu button (aria-haspopup, aria-expanded) that opens a menu of the role's
 * links, Terms of use and Log out. Keyboard: Enter/Space/ArrowDown open on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes and returns focus to the gear;
 * Tab closes.
 */
export function GearMenu({ links, onLogOut }: { links: MenuLink[]; onLogOut: () => void }) {
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
      <GearButton
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label="Menu"
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <GearIcon />
      </GearButton>
      {open && (
        <>
          <Backdrop aria-hidden="true" onClick={() => close(true)} />
          <Panel ref={panelRef} onKeyDown={onMenuKeyDown}>
            <MenuList id={menuId} role="menu" aria-labelledby={buttonId}>
              {links.map((link) => (
                <li role="none" key={link.to}>
                  <ItemLink role="menuitem" to={link.to} tabIndex={-1} onClick={() => close(false)}>
                    {link.label}
                  </ItemLink>
                </li>
              ))}
              <Separator role="separator" />
              <li role="none">
                <ItemLink role="menuitem" to={paths.termsOfUse.href()} tabIndex={-1} onClick={() => close(false)}>
                  Terms of use
                </ItemLink>
              </li>
              <li role="none">
                <ItemButton
                  role="menuitem"
                  type="button"
                  tabIndex={-1}
                  onClick={() => {
                    close(false);
                    onLogOut();
                  }}
                >
                  Log out
                </ItemButton>
              </li>
            </MenuList>
          </Panel>
        </>
      )}
    </Wrap>
  );
}
