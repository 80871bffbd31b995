/** The calm box of a whole-area state (a failure, an empty list). */
import styled from 'styled-components';

export const StateBox = styled.div`
  max-width: ${({ theme }) => theme.narrowWidth};
  margin: ${({ theme }) => theme.space[6]}px auto;
  padding: ${({ theme }) => theme.space[5]}px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  text-align: center;
  p {
    margin: 0 0 ${({ theme }) => theme.space[4]}px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  p:last-child {
    margin-bottom: 0;
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[3]}px;
  }
`;
