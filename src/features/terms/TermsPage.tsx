import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import styled from 'styled-components';
import { failureMessage } from '../../shared/failureMessage';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { PageLoading } from '../../shared/ui/PageLoading';
import { sanitizeCmsHtml } from './sanitize';
import { selectTermsError, selectTermsPage, selectTermsStatus, termsActions } from './termsSlice';

const Article = styled.article`
  max-width: 48rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[5]}px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  overflow-wrap: anywhere;

  @media (max-width: 480px) {
    padding: ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[3]}px;
  }
`;

const BackLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget}px;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Body = styled.div`
  h2,
  h3 {
    margin-top: ${({ theme }) => theme.space[5]}px;
  }
  img {
    height: auto;
  }
`;

const Problem = styled.div`
  color: ${({ theme }) => theme.colors.text};
`;

/** Back in history, or to / when the terms were opened directly. */
function GoBackLink() {
  const navigate = useNavigate();
  return (
    <BackLink
      to={paths.home.href()}
      onClick={(event) => {
        const state: unknown = window.history.state;
        const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
        if (typeof idx === 'number' && idx > 0) {
          event.preventDefault();
          void navigate(-1);
        }
      }}
    >
      ← Go Back
    </BackLink>
  );
}

/** /terms_of_use: page 51's content, sanitised before rendering (api-contract.md section 4). */
export default function TermsPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectTermsStatus);
  const page = useAppSelector(selectTermsPage);
  const error = useAppSelector(selectTermsError);
  const html = useMemo(() => (page ? sanitizeCmsHtml(page.html) : ''), [page]);

  useEffect(() => {
    dispatch(termsActions.pageOpened());
  }, [dispatch]);

  return (
    <Article aria-labelledby="terms-title">
      <GoBackLink />
      <h1 id="terms-title">{page?.title || 'Terms of Use'}</h1>
      {status === 'loaded' && page ? (
        <Body dangerouslySetInnerHTML={{ __html: html }} />
      ) : status === 'failed' ? (
        <Problem role="alert">
          <p>The terms of use could not be loaded. {failureMessage(error)}</p>
          <button type="button" onClick={() => dispatch(termsActions.pageOpened())}>
            Try again
          </button>
        </Problem>
      ) : (
        <PageLoading label="Loading the terms of use" />
      )}
    </Article>
  );
}
