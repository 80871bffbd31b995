/**
 * /card-sign-in#token=…: the page a sign-in card's QR code opens on a shared tablet. The token is in
 * the fragment, so it never reaches a server log or a Referer; the page takes it out of the address
 * at once, signs the child in, and the child lands on their home screen.
 */
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_ENDED_CODE } from '../../../contract/signInStatus';
import { CARD_TOKEN_FRAGMENT } from '../../../contract/signInCards';
import type { ApiError } from '../../api/types';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { NarrowCard, Studs } from '../../shared/ui/Card';
import { Message } from '../../shared/ui/Message';
import { Subtitle, Title } from '../../shared/ui/Text';
import type { StoreValue } from 'nanostores';
import { useMessages } from '../../shared/i18n/messages';
import { cardSignInTexts } from './cardSignIn.messages';
import { cardSignInActions, selectCardSignIn } from './cardSignInSlice';

function refusal(error: ApiError | null): keyof StoreValue<typeof cardSignInTexts> {
  if (error?.code === ACCOUNT_ENDED_CODE) return 'ended';
  if (error?.kind === 'network') return 'offline';
  if (error?.status === 429) return 'tooManyTries';
  if (error?.status === 403) return 'voided';
  return 'failed';
}

export default function CardSignInPage() {
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector(selectCardSignIn);
  const t = useMessages(cardSignInTexts);

  const { hash, pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const token = new URLSearchParams(hash.slice(1)).get(CARD_TOKEN_FRAGMENT);
    if (token) {
      // Out of the address (and the history entry) before anything else happens.
      void navigate(pathname, { replace: true });
      dispatch(cardSignInActions.submitted({ token }));
    } else if (status !== 'failed') {
      dispatch(cardSignInActions.noToken());
    }
    // Once, on opening: the token is read and forgotten.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch]);

  return (
    <NarrowCard aria-labelledby="card-sign-in-title">
      <Studs />
      <Title id="card-sign-in-title" $centered>
        {t.title}
      </Title>
      {(status === 'signingIn' || status === 'idle') && (
        <Subtitle $centered role="status">
          {t.signingIn}
        </Subtitle>
      )}
      {status === 'failed' && (
        <Message $tone="info" role="alert">
          <p>{t[refusal(error)]}</p>
        </Message>
      )}
      {status === 'noToken' && (
        <Message $tone="info" role="status">
          <p>{t.noToken}</p>
        </Message>
      )}
      {(status === 'failed' || status === 'noToken') && (
        <Subtitle $centered>
          <Link to={paths.home.href()}>{t.withUsername}</Link>
        </Subtitle>
      )}
    </NarrowCard>
  );
}
