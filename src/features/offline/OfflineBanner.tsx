import styled from 'styled-components';
import { useFeature } from '../../shared/useFeature';
import { useAppSelector } from '../../shared/storeHooks';
import { selectShowsOfflineBanner } from './offlineSlice';
import { useMessages } from '../../shared/i18n/messages';
import { offlineMessages } from './offline.messages';

const Banner = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[4]}px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  text-align: center;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

/**
 * Calm, not an alarm: a status line under the header while the browser is offline or the server
 * cannot be reached. The live region is always there, so screen readers announce the change.
 */
export default function OfflineBanner() {
  // Its state joins after the first render (startOffline.ts), or here, whichever comes first.
  useFeature('offline');
  const shows = useAppSelector(selectShowsOfflineBanner);
  const t = useMessages(offlineMessages);
  // A live region without the status role: the screens' own status lines (a list's count) stay the page's statuses.
  return <div aria-live="polite" aria-atomic="true">{shows && <Banner>{t.banner}</Banner>}</div>;
}
