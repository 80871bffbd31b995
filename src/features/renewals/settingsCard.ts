/** The look of a settings card on the renewals page (the lesson settings, the family summary mail). */
import { css } from 'styled-components';

export const settingsCard = css`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  margin-top: ${({ theme }) => theme.space[5]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  max-width: 40rem;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;
