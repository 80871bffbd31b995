/** Calm messages: an info, error or success note with a coloured edge, and small print under a list. */
import styled from 'styled-components';

export type MessageTone = 'info' | 'error' | 'success';

export const Message = styled.div<{ $tone: MessageTone }>`
  margin: ${({ theme }) => theme.space[3]}px 0;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-radius: ${({ theme }) => theme.radii.md};
  border-left: 4px solid
    ${({ $tone, theme }) => ($tone === 'error' ? theme.colors.danger : $tone === 'success' ? theme.colors.leaf : theme.colors.accent)};
  background: ${({ $tone, theme }) => ($tone === 'error' ? theme.colors.dangerSurface : $tone === 'success' ? theme.colors.successSurface : theme.colors.surfaceAlt)};
  color: ${({ theme }) => theme.colors.text};
  p {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
  }
  p:last-child {
    margin-bottom: 0;
  }
`;

export const SupportNote = styled.p`
  margin: ${({ theme }) => theme.space[4]}px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
