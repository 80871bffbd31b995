import styled from 'styled-components';

/**
 * A file input that looks like the app's outlined button: a label around an invisible (still
 * focusable, still labelled) input, so keyboard, screen readers and file drops all work.
 * Use: <FileButton>Upload a picture<input type="file" … /></FileButton>
 */
export const FileButton = styled.label`
  position: relative;
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 ${({ theme }) => theme.space[3]}px;
  border: 2px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radii.pill};
  color: ${({ theme }) => theme.colors.accent};
  background: ${({ theme }) => theme.colors.surface};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  &:has(input:disabled) {
    opacity: 0.6;
    cursor: not-allowed;
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  input {
    position: absolute;
    inset: 0;
    width: 1px;
    height: 1px;
    opacity: 0;
  }
`;
