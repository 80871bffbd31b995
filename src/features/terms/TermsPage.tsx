import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import styled from 'styled-components';
import { failureMessage } from '../../shared/failureMessage';
import { useMessages } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { PageLoading } from '../../shared/ui/PageLoading';
import { sanitizeCmsHtml } from './sanitize';
import { termsMessages } from './terms.messages';
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

/** "Back" points the way the page reads: left in English, right in Hebrew. */
const BackArrow = styled.span`
  display: inline-block;
  margin-inline-end: 0.25em;
  [dir='rtl'] & {
    transform: scaleX(-1);
  }
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
  const t = useMessages(termsMessages);
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
      <BackArrow aria-hidden="true">←</BackArrow>
      {t.goBack}
    </BackLink>
  );
}

/** /terms_of_use: page 51's content, sanitised before rendering (docs/spec/api-contract.md section 4). */
export default function TermsPage() {
  const dispatch = useAppDispatch();
  const t = useMessages(termsMessages);
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
      {page?.title ? (
        <h1 id="terms-title" translate="no">
          {page.title}
        </h1>
      ) : (
        <h1 id="terms-title">{t.title}</h1>
      )}
      {status === 'loaded' && page ? (
        <Body translate="no" dangerouslySetInnerHTML={{ __html: html }} />
      ) : status === 'failed' ? (
        <Problem role="alert">
          <p>{t.loadFailed({ reason: failureMessage(error) })}</p>
          <button type="button" onClick={() => dispatch(termsActions.pageOpened())}>
            {t.tryAgain}
          </button>
        </Problem>
      ) : (
        <PageLoading label={t.loading} />
      )}
    </Article>
  );
}
