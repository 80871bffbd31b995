/**
 * /family/sign-in: without a link, the form that asks for one; with one (#secret, so the secret
 * never reaches a server log or a Referer), it takes the secret out of the address at once and signs
 * the parent in, once. A link already used or too old says so and offers the form.
 */
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import type { ApiError } from '../../api/types';
import { selectFamilySession } from '../../entities/session/sessionSelectors';
import { useMessages } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { NarrowCard, Studs } from '../../shared/ui/Card';
import { Message } from '../../shared/ui/Message';
import { Subtitle, Title } from '../../shared/ui/Text';
import { familySignInTexts } from './family.messages';
import { familyActions, selectFamily } from './familySlice';
import { LinkForm } from './LinkForm';

type Texts = ReturnType<typeof familySignInTexts.get>;

const Staff = styled(Subtitle)`
  margin-top: ${({ theme }) => theme.space[5]}px;
`;

function refusal(error: ApiError | null, t: Texts): string {
  if (error?.kind === 'network') return t.linkOffline;
  if (error?.status === 403 || error?.status === 404) return t.linkRefused;
  return t.linkFailed;
}

export default function FamilySignInPage() {
  const dispatch = useAppDispatch();
  const t = useMessages(familySignInTexts);
  const { signIn, ended } = useAppSelector(selectFamily);
  const signedIn = useAppSelector(selectFamilySession) !== null;
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);

  // On opening, and when a link is opened in a tab already on this page (only its fragment changes).
  useEffect(() => {
    const secret = decodeURIComponent(hash.slice(1));
    if (secret) {
      // Out of the address (and the history entry) before anything else happens.
      void navigate(pathname, { replace: true });
      setAsking(false);
      dispatch(familyActions.signInOpened({ token: secret }));
    } else if (signIn.status !== 'failed' && signIn.status !== 'signingIn') {
      dispatch(familyActions.signInWithoutLink());
    }
    // The secret is read once and forgotten: only a new fragment starts again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, dispatch]);

  if (signedIn && signIn.status === 'noLink') return <Navigate to={paths.family.href()} replace />;
  const showForm = signIn.status === 'noLink' || asking;

  return (
    <NarrowCard aria-labelledby="family-sign-in-title">
      <Studs />
      <Title id="family-sign-in-title" $centered>
        {t.title}
      </Title>
      {signIn.status === 'signingIn' && (
        <Subtitle $centered role="status">
          {t.signingIn}
        </Subtitle>
      )}
      {ended && !asking && signIn.status === 'noLink' && (
        <Message $tone="info" role="status">
          <p>{t.ended}</p>
        </Message>
      )}
      {signIn.status === 'failed' && !asking && (
        <>
          <Message $tone="info" role="alert">
            <p>{refusal(signIn.error, t)}</p>
          </Message>
          <Button type="button" $variant="brand" onClick={() => setAsking(true)}>
            {t.askNew}
          </Button>
        </>
      )}
      {showForm && (
        <>
          <Subtitle>{t.intro}</Subtitle>
          <LinkForm />
        </>
      )}
      <Staff $centered>
        <Link to={paths.home.href()}>{t.staff}</Link>
      </Staff>
    </NarrowCard>
  );
}
