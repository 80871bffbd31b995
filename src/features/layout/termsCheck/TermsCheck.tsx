/**
 * When the terms of use changed since the user accepted them, a panel asks again with the login's
 * own checkbox and message (docs/spec/portal-spec.md sections 2 and 5). Loaded with the header's
 * menu.
 */
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { failureMessage } from '../../../shared/failureMessage';
import { paths } from '../../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { space } from '../../../shared/theme';
import { Button } from '../../../shared/ui/Button';
import { ErrorText } from '../../../shared/ui/Field';
import { useFeature } from '../../../shared/useFeature';
import { useMessages } from '../../../shared/i18n/messages';
import { slotted, SLOT } from '../../../shared/ui/slot';
import { menuMessages } from '../menu.messages';
import { selectTermsCheck, termsCheckActions } from './termsCheckSlice';



const Panel = styled.section`
  position: fixed;
  inset: auto 0 0 0;
  z-index: 40;
  padding: ${space(4)};
  border-top: 4px solid ${({ theme }) => theme.colors.accent};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  color: ${({ theme }) => theme.colors.text};
  text-align: start;
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
  const joined = useFeature('layout');
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector(selectTermsCheck);
  const [agreed, setAgreed] = useState(false);
  const [unticked, setUnticked] = useState(false);
  const titleId = useId();
  const t = useMessages(menuMessages);
  const boxId = useId();
  useEffect(() => {
    if (joined) dispatch(termsCheckActions.checkRequested());
  }, [dispatch, joined]);

  if (status !== 'asking' && status !== 'accepting') return null;
  return (
    <Panel aria-labelledby={titleId}>
      <div>
        <h2 id={titleId}>{t.termsChanged}</h2>
        <p>
          {slotted(t.readTermsAgain({ terms: SLOT }), <Link to={paths.termsOfUse.href()}>{t.termsLink}</Link>)}
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
                {slotted(t.agreeToTerms({ terms: SLOT }), <Link to={paths.termsOfUse.href()}>{t.termsLink}</Link>)}
              </span>
            </label>
            <Button type="submit" disabled={status === 'accepting'}>
              {status === 'accepting' ? t.saving : t.continue}
            </Button>
          </Row>
          {unticked && <ErrorText role="alert">{t.mustAgree}</ErrorText>}
          {error && !unticked && <ErrorText role="alert">{t.agreementNotSaved({ reason: failureMessage(error) })}</ErrorText>}
        </form>
      </div>
    </Panel>
  );
}
