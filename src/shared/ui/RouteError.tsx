import { useRouteError } from 'react-router';
import styled from 'styled-components';
import { paths } from '../paths';
import { requestProblemReport } from '../problemReportRequests';
import { useMessages } from '../i18n/messages';
import { uiTexts } from '../shared.messages';

const Box = styled.div`
  max-width: 32rem;
  margin: ${({ theme }) => theme.space[7]}px auto;
  padding: ${({ theme }) => theme.space[5]}px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  text-align: center;
`;

/**
 * Shown when a screen fails to load or throws (e.g. a chunk could not be fetched on bad Wi-Fi).
 * Never shows raw error text.
 */
export function RouteError() {
  const error = useRouteError();
  const t = useMessages(uiTexts);
  const report = () => {
    const details = error instanceof Error ? { message: error.message.slice(0, 1000) || 'Error', ...(error.stack ? { stack: error.stack.slice(0, 8000) } : {}) } : { message: 'The page could not be shown' };
    requestProblemReport({ error: { ...details, source: 'route' } });
  };
  return (
    <Box role="alert">
      <h1>{t.somethingWentWrong}</h1>
      <p>{t.pageNotShown}</p>
      <p>
        <a href={typeof window !== 'undefined' ? window.location.pathname : paths.home.href()}>{t.tryAgain}</a>
        {' · '}
        <a href={paths.home.href()}>{t.goToStart}</a>
      </p>
      <p>
        <button type="button" onClick={report}>
          {t.reportProblem}
        </button>
      </p>
    </Box>
  );
}
