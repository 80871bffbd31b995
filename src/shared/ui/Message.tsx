/** Calm messages: an info, error or success note with a coloured edge. */
import styled from 'styled-components';

export type MessageTone = 'info' | 'error' | 'success';

/** Each tone's edge and background colours. */
const tones = { info: ['accent', 'surfaceAlt'], error: ['danger', 'dangerSurface'], success: ['leaf', 'successSurface'] } as const;

export const Message = styled.div<{ $tone: MessageTone }>`
  margin: ${({ theme }) => theme.space[3]}px 0;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-radius: ${({ theme }) => theme.radii.md};
  border-inline-start: 4px solid ${({ $tone, theme }) => theme.colors[tones[$tone][0]]};
  background: ${({ $tone, theme }) => theme.colors[tones[$tone][1]]};
  color: ${({ theme }) => theme.colors.text};
  p {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
  }
  p:last-child {
    margin-bottom: 0;
  }
`;
