import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '../breakpoints';

export interface TabItem {
  id: string;
  label: string;
  /** A name from the CMS, shown as authored (not translated, in its own direction). */
  authored?: boolean;
}

const List = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: 0 0 ${({ theme }) => theme.space[5]}px;
`;

const Tab = styled.button<{ $selected: boolean }>`
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[5]}px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 2px solid ${({ theme }) => theme.colors.accent};
  background: ${({ $selected, theme }) => ($selected ? theme.colors.accent : theme.colors.surface)};
  color: ${({ $selected, theme }) => ($selected ? theme.colors.surface : theme.colors.accent)};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.md};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  cursor: pointer;
  /* Phones: the tabs share the row in equal parts (a name of several words wraps inside its tab,
     a single long word keeps its tab at least that wide) instead of stacking in uneven buttons. */
  ${media.mobile} {
    flex: 1 1 0;
    max-width: 12rem;
    padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  }
`;

/**
 * ARIA tabs (WAI-ARIA Authoring Practices, automatic activation): arrow keys move between tabs and
 * select them, Home and End jump to the ends; only the selected tab is in the tab order.
 */
export function Tabs({
  idPrefix,
  label,
  tabs,
  selectedId,
  onSelect,
  children,
}: {
  idPrefix: string;
  label: string;
  tabs: TabItem[];
  selectedId: string;
  onSelect: (id: string) => void;
  children: ReactNode;
}) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const tabId = (id: string) => `${idPrefix}-tab-${id}`;
  const panelId = (id: string) => `${idPrefix}-panel-${id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selectedId);
    let next: number | null = null;
    // Right to left (Hebrew), the next tab is on the left.
    const forward = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
    if (event.key === forward || event.key === 'ArrowDown') next = (index + 1) % tabs.length;
    else if (event.key === backward || event.key === 'ArrowUp') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    const target = tabs[next]!;
    onSelect(target.id);
    refs.current[target.id]?.focus();
  };

  return (
    <>
      <List role="tablist" aria-label={label}>
        {tabs.map((tab) => {
          const selected = tab.id === selectedId;
          return (
            <Tab
              key={tab.id}
              ref={(el) => {
                refs.current[tab.id] = el;
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={selected ? panelId(tab.id) : undefined}
              tabIndex={selected ? 0 : -1}
              $selected={selected}
              onClick={() => onSelect(tab.id)}
              onKeyDown={onKeyDown}
            >
              {tab.authored ? (
                <span translate="no" dir="auto">
                  {tab.label}
                </span>
              ) : (
                tab.label
              )}
            </Tab>
          );
        })}
      </List>
      <div role="tabpanel" id={panelId(selectedId)} aria-labelledby={tabId(selectedId)} tabIndex={0}>
        {children}
      </div>
    </>
  );
}
