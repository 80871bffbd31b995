import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { selectQaPanelEnabled } from '../entities/config/configSlice';
import { useAppSelector } from '../shared/storeHooks';
import type { QaTools } from './qaTools';
import { useMessages } from '../shared/i18n/messages';
import { qaMessages } from './qa.messages';

/** The panel is its own chunk: nobody who never opens it downloads it. */
const QaPanel = lazy(() => import(/* webpackChunkName: "qa-panel" */ './QaPanel'));

/**
 * In the page's flow, after the main content: a fixed button would cover whatever link or field
 * sits in the corner of a phone screen (the browser sweep, e2e/sweep.e2e.ts, checks overlaps).
 */
const LaunchButton = styled.button`
  display: block;
  margin: ${({ theme }) => theme.space[3]}px;
  min-width: ${({ theme }) => theme.touchTarget}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: 700 ${({ theme }) => theme.fontSizes.sm} ${({ theme }) => theme.fonts.mono};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  cursor: pointer;
`;

/**
 * A small 'QA' button, shown only when runtime configuration turns the QA panel on (config.qaPanel),
 * whoever is signed in. Once open, the panel stays open whatever state a replay shows.
 */
export function QaLauncher({ tools }: { tools: QaTools }) {
  const enabled = useAppSelector(selectQaPanelEnabled);
  const [open, setOpen] = useState(false);
  const t = useMessages(qaMessages);
  if (open) {
    return (
      <Suspense fallback={null}>
        <QaPanel tools={tools} onClose={() => setOpen(false)} />
      </Suspense>
    );
  }
  if (!enabled) return null;
  return (
    <LaunchButton type="button" aria-label={t.open} onClick={() => setOpen(true)}>
      {t.launch}
    </LaunchButton>
  );
}
