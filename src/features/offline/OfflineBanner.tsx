import styled from 'styled-components';
import { useLazyFeature } from '../../shared/lazyFeature';
import { useAppSelector } from '../../shared/storeHooks';
import { offlineFeature } from './offlineFeature';
import { selectShowsOfflineBanner } from './offlineSlice';

const Banner = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[4]}px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  text-align: center;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const OFFLINE_BANNER_TEXT = 'You are offline. Lessons you have opened still work.';

/**
 * Calm, not an alarm: a status line under the header while the browser is offline or the server
 * cannot be reached. The live region is always there, so screen readers announce the change.
 */
export default function OfflineBanner() {
  useLazyFeature(offlineFeature);
  const shows = useAppSelector(selectShowsOfflineBanner);
  // A live region without the status role: the screens' own status lines (a list's count) stay the page's statuses.
  return <div aria-live="polite" aria-atomic="true">{shows && <Banner>{OFFLINE_BANNER_TEXT}</Banner>}</div>;
}
