/** A record's facts as label and value side by side (When, Place, Program...), the labels muted, long values wrapping. */
import styled from 'styled-components';

export const Facts = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[3]}px;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
