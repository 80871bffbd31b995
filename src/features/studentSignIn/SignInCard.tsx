/**
 * The sign-in card: the child's first name, the portal's address, login name and password, big and
 * friendly, to print and hand over. While it is open, printing shows the card alone (the app's
 * header, menu and page are hidden in print). It lives only while open: nothing of it is stored.
 */
import { useEffect, useRef } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { space } from '../../shared/theme';
import { useMessages } from '../../shared/i18n/messages';
import { Button } from '../../shared/ui/Button';
import { rosterStudentSignInMessages } from './signIn.messages';

const PrintOnlyTheCard = createGlobalStyle`
  @media print {
    body {
      background: #fff;
    }
    body * {
      visibility: hidden;
    }
    #sign-in-card,
    #sign-in-card * {
      visibility: visible;
    }
    #sign-in-card {
      position: absolute;
      inset-block-start: 0;
      inset-inline-start: 0;
      width: 100%;
      box-shadow: none;
      outline: none;
    }
    #sign-in-card [data-no-print] {
      display: none;
    }
  }
`;

const Card = styled.div`
  margin-top: ${space(4)};
  padding: ${space(6)};
  border: 4px dashed ${({ theme }) => theme.colors.brand};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  font-family: ${({ theme }) => theme.fonts.heading};
  text-align: center;
  &:focus {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;

const Hello = styled.p`
  margin: 0 0 ${space(4)};
  font-size: ${({ theme }) => theme.fontSizes.hero};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.brand};
`;

const Details = styled.dl`
  display: grid;
  gap: ${space(3)};
  margin: 0 auto;
  max-width: 36rem;
  dt {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0 0 ${space(2)};
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    overflow-wrap: anywhere;
  }
`;

/** Letters that look alike stay apart: the password in a monospace face, each character its own width. */
const Secret = styled.dd`
  font-family: ${({ theme }) => theme.fonts.mono};
  letter-spacing: 0.08em;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${space(3)};
  margin-top: ${space(5)};
`;

export interface SignInCardProps {
  firstName: string;
  loginName: string;
  password: string;
  onClose: () => void;
}

export function SignInCard({ firstName, loginName, password, onClose }: SignInCardProps) {
  const t = useMessages(rosterStudentSignInMessages);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => card.current?.focus(), []);
  return (
    <Card id="sign-in-card" ref={card} tabIndex={-1} role="region" aria-label={t.card}>
      <PrintOnlyTheCard />
      <Hello>{t.hello({ firstName })}</Hello>
      <Details>
        <dt>{t.goTo}</dt>
        <dd translate="no" dir="ltr">
          {window.location.origin}
        </dd>
        <dt>{t.yourLoginName}</dt>
        <dd translate="no" dir="ltr">
          {loginName}
        </dd>
        <dt>{t.yourPassword}</dt>
        <Secret translate="no" dir="ltr">
          {password}
        </Secret>
      </Details>
      <Actions data-no-print="">
        <Button type="button" onClick={() => window.print()}>
          {t.print}
        </Button>
        <Button type="button" $variant="secondary" onClick={onClose}>
          {t.closeCard}
        </Button>
      </Actions>
    </Card>
  );
}
