/** The studio's page parts: its sections (cards), checkboxes, the description's text area and the back arrow. */
import styled from 'styled-components';
import { Card } from '../../../shared/ui/Card';

export const TextArea = styled.textarea`
  width: 100%;
  min-height: 10rem;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Check = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  input {
    width: 20px;
    height: 20px;
  }
`;

export const Section = styled(Card)`
  margin: ${({ theme }) => theme.space[5]}px 0;
  h2 {
    margin-top: 0;
  }
`;

/** A "back" arrow: it points the other way in a right-to-left language. */
export const BackArrow = styled.span`
  display: inline-block;
  [dir='rtl'] & {
    transform: scaleX(-1);
  }
`;
