import styled, { keyframes } from 'styled-components';
import { media } from '../breakpoints';
import { useMessages } from '../i18n/messages';
import { useLoadingView } from '../pageLoad';
import { uiTexts } from '../shared.messages';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]}px;
  min-height: 40vh;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const Spinner = styled.span`
  width: 40px;
  height: 40px;
  border-radius: 50%;
  border: 4px solid ${({ theme }) => theme.colors.skeleton};
  border-top-color: ${({ theme }) => theme.colors.brand};
  animation: ${spin} 0.9s linear infinite;
  ${media.reducedMotion} {
    animation-duration: 3s;
  }
`;

/** Full-area loading state with an accessible status message. */
export function PageLoading({ label }: { label?: string }) {
  const t = useMessages(uiTexts);
  useLoadingView();
  return (
    <Wrap role="status" aria-live="polite">
      <Spinner aria-hidden="true" />
      <span>{t.loadingLabel({ label: label ?? t.loading })}</span>
    </Wrap>
  );
}
