/**
 * When the terms of use changed since the user accepted them, a panel asks again with the login's
 * own checkbox and message (portal-spec.md sections 2 and 5). Loaded with the header's menu.
 */
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { failureMessage } from '../../../shared/failureMessage';
import { useLazyFeature, type LazyFeature } from '../../../shared/lazyFeature';
import { paths } from '../../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { space } from '../../../shared/theme';
import { Button } from '../../../shared/ui/Button';
import { ErrorText } from '../../../shared/ui/Field';
import { termsCheckSaga } from './termsCheckSaga';
import { selectTermsCheck, termsCheckActions, termsCheckReducer } from './termsCheckSlice';

const termsCheckFeature: LazyFeature = { name: 'termsCheck', reducer: termsCheckReducer, saga: termsCheckSaga };

/** The login's message for an unticked terms checkbox (portal-spec.md section 5), word for word. */
const MUST_AGREE = 'you must agree to the terms of use';

const Panel = styled.section`
  position: fixed;
  inset: auto 0 0 0;
  z-index: 40;
  padding: ${space(4)};
  border-top: 4px solid ${({ theme }) => theme.colors.accent};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  color: ${({ theme }) => theme.colors.text};
  text-align: left;
  > div {
    max-width: 48rem;
    margin: 0 auto;
  }
  h2 {
    margin: 0 0 ${space(2)};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0 0 ${space(3)};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(3)};
  label {
    display: inline-flex;
    align-items: center;
    gap: ${space(2)};
  }
  input {
    width: 20px;
    height: 20px;
  }
`;

export default function TermsCheck() {
  useLazyFeature(termsCheckFeature);
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector(selectTermsCheck);
  const [agreed, setAgreed] = useState(false);
  const [unticked, setUnticked] = useState(false);
  const titleId = useId();
  const boxId = useId();
  useEffect(() => {
    dispatch(termsCheckActions.checkRequested());
  }, [dispatch]);

  if (status !== 'asking' && status !== 'accepting') return null;
  return (
    <Panel aria-labelledby={titleId}>
      <div>
        <h2 id={titleId}>The terms of use have changed</h2>
        <p>
          Please read the <Link to={paths.termsOfUse.href()}>terms of use</Link> again and agree to them to go on using Youngengineer Online.
        </p>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setUnticked(!agreed);
            if (agreed) dispatch(termsCheckActions.acceptSubmitted());
          }}
        >
          <Row>
            <label htmlFor={boxId}>
              <input id={boxId} type="checkbox" checked={agreed} aria-invalid={unticked} onChange={(event) => setAgreed(event.target.checked)} />
              <span>
                I agree to the <Link to={paths.termsOfUse.href()}>terms of use</Link>
              </span>
            </label>
            <Button type="submit" disabled={status === 'accepting'}>
              {status === 'accepting' ? 'Saving…' : 'Continue'}
            </Button>
          </Row>
          {unticked && <ErrorText role="alert">{MUST_AGREE}</ErrorText>}
          {error && !unticked && <ErrorText role="alert">Your agreement could not be saved. {failureMessage(error)}</ErrorText>}
        </form>
      </div>
    </Panel>
  );
}
