/**
 * /family/unsubscribe#secret: the summary mail's unsubscribe link. It stops that family's summary
 * mails as it opens (the secret taken out of the address at once) and says how to turn them back on.
 */
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ApiError } from '../../api/types';
import { useMessages } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { NarrowCard, Studs } from '../../shared/ui/Card';
import { Message } from '../../shared/ui/Message';
import { Subtitle, Title } from '../../shared/ui/Text';
import { familyUnsubscribeTexts } from './family.messages';
import { familyActions, selectFamily } from './familySlice';

type Texts = ReturnType<typeof familyUnsubscribeTexts.get>;

function failure(error: ApiError | null, t: Texts): string {
  if (error?.kind === 'network') return t.offline;
  if (error?.status === 404 || error?.status === 403) return t.invalid;
  return t.failed;
}

export default function UnsubscribePage() {
  const dispatch = useAppDispatch();
  const t = useMessages(familyUnsubscribeTexts);
  const { unsubscribe } = useAppSelector(selectFamily);
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  const read = useRef(false);

  useEffect(() => {
    const secret = decodeURIComponent(hash.slice(1));
    if (secret) {
      read.current = true;
      void navigate(pathname, { replace: true });
      dispatch(familyActions.unsubscribeOpened({ token: secret }));
    } else if (!read.current && unsubscribe.status === 'working') {
      dispatch(familyActions.unsubscribeFailed({ kind: 'rejected', status: 404, code: 'family_unsubscribe_invalid', message: '' }));
    }
    // The secret is read once and forgotten: only a new fragment starts again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, dispatch]);

  return (
    <NarrowCard aria-labelledby="family-unsubscribe-title">
      <Studs />
      <Title id="family-unsubscribe-title" $centered>
        {t.title}
      </Title>
      {unsubscribe.status === 'working' && (
        <Subtitle $centered role="status">
          {t.working}
        </Subtitle>
      )}
      {unsubscribe.status === 'done' && (
        <Message $tone="success" role="status">
          <p>{t.done({ teacher: unsubscribe.teacherName })}</p>
          <p>{t.undo}</p>
        </Message>
      )}
      {unsubscribe.status === 'failed' && (
        <Message $tone="info" role="alert">
          <p>{failure(unsubscribe.error, t)}</p>
        </Message>
      )}
      {unsubscribe.status !== 'working' && (
        <Subtitle $centered>
          <Link to={paths.family.href()}>{t.openFamily}</Link>
        </Subtitle>
      )}
    </NarrowCard>
  );
}
