/**
 * The student's page, section "Sign-in": the login name and last sign-in, a password reset on the
 * spot (shown once, printable as a sign-in card) and the sign-in mail to the parent. The new
 * password lives in this component's state only, until "Done".
 */
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { StudentPasswordReset } from '../../../contract';
import { failureMessage } from '../../shared/failureMessage';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { space } from '../../shared/theme';
import { media } from '../../shared/breakpoints';
import { Button } from '../../shared/ui/Button';
import { Message } from '../../shared/ui/Message';
import { SkeletonBlock } from '../../shared/ui/States';
import type { StudentPageSectionProps } from '../../entities/students/studentPage';
import { selectStudentSignIn, studentSignInActions } from './signInSlice';
import { pickUp } from './shownOnce';
import { SignInCard } from './SignInCard';
import { rosterStudentSignInMessages } from './signIn.messages';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${space(2)} ${space(4)};
  margin: 0 0 ${space(4)};
  dt {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  dd {
    margin: 0;
    overflow-wrap: break-word;
  }
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    row-gap: 0;
    dd {
      margin-bottom: ${space(3)};
    }
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
`;

const BigPassword = styled.p`
  margin: ${space(2)} 0;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.hero};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: 0.08em;
  overflow-wrap: anywhere;
`;

/** When the student last signed in, or null when they never did. */
function lastSignIn(iso: string | null): Date | null {
  const at = iso === null ? null : new Date(iso);
  return at === null || Number.isNaN(at.getTime()) ? null : at;
}

let requests = 0;
const newRequestId = () => `reset-${Date.now()}-${(requests += 1)}`;

export default function StudentSignInSection({ student, erased }: StudentPageSectionProps) {
  const t = useMessages(rosterStudentSignInMessages);
  const format = useFormatters();
  const dispatch = useAppDispatch();
  const signIn = useAppSelector((state) => selectStudentSignIn(state, student.id));
  const [confirming, setConfirming] = useState(false);
  const [revealed, setRevealed] = useState<StudentPasswordReset | null>(null);
  const [cardOpen, setCardOpen] = useState(false);
  const myRequest = useRef<string | null>(null);

  useEffect(() => {
    dispatch(studentSignInActions.studentOpened({ studentId: student.id }));
  }, [dispatch, student.id]);

  const reset = signIn?.reset;
  useEffect(() => {
    if (reset?.status !== 'done' || reset.requestId === null || reset.requestId !== myRequest.current) return;
    const picked = pickUp(reset.requestId);
    myRequest.current = null;
    if (picked) setRevealed(picked);
  }, [reset?.status, reset?.requestId]);

  const startReset = () => {
    const requestId = newRequestId();
    myRequest.current = requestId;
    setConfirming(false);
    dispatch(studentSignInActions.resetRequested({ studentId: student.id, requestId }));
  };
  const done = () => {
    setRevealed(null);
    setCardOpen(false);
  };

  if (!signIn || signIn.loadStatus === 'loading') {
    return (
      <div aria-busy="true" aria-label={t.loading}>
        <SkeletonBlock $height={24} $width="60%" />
      </div>
    );
  }
  if (signIn.loadStatus === 'failed') {
    return (
      <Message $tone="error" role="alert">
        <p>{t.loadFailed({ reason: failureMessage(signIn.loadError) })}</p>
        <Button type="button" $variant="secondary" onClick={() => dispatch(studentSignInActions.studentOpened({ studentId: student.id }))}>
          {t.tryAgain}
        </Button>
      </Message>
    );
  }

  const details = signIn.details;
  const resetting = reset?.status === 'working';
  const mail = signIn.mail;
  const lastSignedIn = lastSignIn(details?.lastSignInAt ?? null);
  return (
    <>
      <Facts>
        <dt>{t.loginName}</dt>
        <dd translate="no">{details?.loginName}</dd>
        <dt>{t.lastSignIn}</dt>
        <dd>
          {lastSignedIn ? (
            // Written by the language's own date format: nothing in it to translate.
            <time dateTime={lastSignedIn.toISOString()} translate="no">
              {format.dateTime(lastSignedIn)}
            </time>
          ) : (
            t.never
          )}
        </dd>
      </Facts>

      {revealed ? (
        <Message $tone="success" role="status">
          <p>{t.newPasswordIntro({ firstName: student.firstName, loginName: revealed.loginName })}</p>
          <BigPassword aria-label={t.newPassword} translate="no">
            {revealed.password}
          </BigPassword>
          <p>{t.oldPasswordGone}</p>
          <Row>
            <Button type="button" onClick={() => setCardOpen(true)}>
              {t.printCard}
            </Button>
            <Button type="button" $variant="secondary" onClick={done}>
              {t.done}
            </Button>
          </Row>
          {cardOpen && <SignInCard firstName={student.firstName} loginName={revealed.loginName} password={revealed.password} onClose={() => setCardOpen(false)} />}
        </Message>
      ) : confirming ? (
        <Message $tone="info" role="group" aria-label={t.confirmReset}>
          <p>{t.resetQuestion({ firstName: student.firstName })}</p>
          <Row>
            <Button type="button" onClick={startReset}>
              {t.yesReset}
            </Button>
            <Button type="button" $variant="secondary" onClick={() => setConfirming(false)}>
              {t.cancel}
            </Button>
          </Row>
        </Message>
      ) : erased ? null : (
        <Row>
          <Button type="button" onClick={() => setConfirming(true)} disabled={resetting} aria-disabled={resetting}>
            {resetting ? t.resetting : t.resetPassword}
          </Button>
          <Button
            type="button"
            $variant="secondary"
            disabled={mail.status === 'working'}
            onClick={() => dispatch(studentSignInActions.signInMailRequested({ studentId: student.id }))}
          >
            {mail.status === 'working' ? t.sending : t.sendMail}
          </Button>
        </Row>
      )}

      {reset?.status === 'failed' && !revealed && (
        <Message $tone="error" role="alert">
          <p>{t.resetFailed({ reason: failureMessage(reset.error) })}</p>
        </Message>
      )}
      {mail.status === 'done' && (
        <Message $tone="success" role="status">
          <p>{t.mailSent}</p>
        </Message>
      )}
      {mail.status === 'failed' && (
        <Message $tone="error" role="alert">
          <p>{t.mailFailed({ reason: failureMessage(mail.error) })}</p>
        </Message>
      )}
    </>
  );
}
