/**
 * The student's page, section "Sign-in": the login name and last sign-in, a password reset on the
 * spot (shown once, printable as a sign-in card) and the sign-in mail to the parent. The new
 * password lives in this component's state only, until "Done".
 */
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { StudentPasswordReset } from '../../../../../contract';
import { failureMessage } from '../../../../shared/failureMessage';
import { useLazyFeature } from '../../../../shared/lazyFeature';
import { useAppDispatch, useAppSelector } from '../../../../shared/storeHooks';
import { space } from '../../../../shared/theme';
import { Button } from '../../../../shared/ui/Button';
import { Message } from '../../../../shared/ui/Message';
import { SkeletonBlock } from '../../../../shared/ui/States';
import type { StudentPageSectionProps } from '../studentPageSections';
import { studentSignInFeature } from './signInFeature';
import { selectStudentSignIn, studentSignInActions } from './signInSlice';
import { pickUp } from './shownOnce';
import { SignInCard } from './SignInCard';

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
    overflow-wrap: anywhere;
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

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function lastSignIn(iso: string | null): string {
  if (iso === null) return 'Never';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? 'Never' : when.format(at);
}

let requests = 0;
const newRequestId = () => `reset-${Date.now()}-${(requests += 1)}`;

export default function StudentSignInSection({ student, erased }: StudentPageSectionProps) {
  useLazyFeature(studentSignInFeature);
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
      <div aria-busy="true" aria-label="Loading the sign-in details">
        <SkeletonBlock $height={24} $width="60%" />
      </div>
    );
  }
  if (signIn.loadStatus === 'failed') {
    return (
      <Message $tone="error" role="alert">
        <p>The sign-in details could not be loaded. {failureMessage(signIn.loadError)}</p>
        <Button type="button" $variant="secondary" onClick={() => dispatch(studentSignInActions.studentOpened({ studentId: student.id }))}>
          Try again
        </Button>
      </Message>
    );
  }

  const details = signIn.details;
  const resetting = reset?.status === 'working';
  const mail = signIn.mail;
  return (
    <>
      <Facts>
        <dt>Login name</dt>
        <dd>{details?.loginName}</dd>
        <dt>Last sign-in</dt>
        <dd>{lastSignIn(details?.lastSignInAt ?? null)}</dd>
      </Facts>

      {revealed ? (
        <Message $tone="success" role="status">
          <p>
            The new password of {student.firstName} (login name <strong>{revealed.loginName}</strong>) is shown only now:
          </p>
          <BigPassword aria-label="New password">{revealed.password}</BigPassword>
          <p>The old password no longer works.</p>
          <Row>
            <Button type="button" onClick={() => setCardOpen(true)}>
              Print sign-in card
            </Button>
            <Button type="button" $variant="secondary" onClick={done}>
              Done
            </Button>
          </Row>
          {cardOpen && <SignInCard firstName={student.firstName} loginName={revealed.loginName} password={revealed.password} onClose={() => setCardOpen(false)} />}
        </Message>
      ) : confirming ? (
        <Message $tone="info" role="group" aria-label="Confirm the reset">
          <p>Reset the password of {student.firstName}? The current password stops working at once, on every device.</p>
          <Row>
            <Button type="button" onClick={startReset}>
              Yes, reset the password
            </Button>
            <Button type="button" $variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </Row>
        </Message>
      ) : erased ? null : (
        <Row>
          <Button type="button" onClick={() => setConfirming(true)} disabled={resetting} aria-disabled={resetting}>
            {resetting ? 'Resetting…' : 'Reset password'}
          </Button>
          <Button
            type="button"
            $variant="secondary"
            disabled={mail.status === 'working'}
            onClick={() => dispatch(studentSignInActions.signInMailRequested({ studentId: student.id }))}
          >
            {mail.status === 'working' ? 'Sending…' : 'Send sign-in mail to the parent'}
          </Button>
        </Row>
      )}

      {reset?.status === 'failed' && !revealed && (
        <Message $tone="error" role="alert">
          <p>The password was not reset. {failureMessage(reset.error)}</p>
        </Message>
      )}
      {mail.status === 'done' && (
        <Message $tone="success" role="status">
          <p>The sign-in mail was sent to the parent&apos;s e-mail address with a new password. The old password keeps working until the new one is used.</p>
        </Message>
      )}
      {mail.status === 'failed' && (
        <Message $tone="error" role="alert">
          <p>The sign-in mail was not sent. {failureMessage(mail.error)}</p>
        </Message>
      )}
    </>
  );
}
