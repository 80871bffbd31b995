/** A labelled form field with its error tied to it (aria-describedby, aria-invalid, role=alert). */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '../../shared/breakpoints';

export const FormGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[5]}px;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Wrap = styled.div<{ $wide: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
  grid-column: ${({ $wide }) => ($wide ? '1 / -1' : 'auto')};
  label {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    color: ${({ theme }) => theme.colors.text};
  }
  input,
  select {
    width: 100%;
    min-height: ${({ theme }) => theme.touchTarget}px;
    padding: 0 ${({ theme }) => theme.space[3]}px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
  input[aria-invalid='true'],
  select[aria-invalid='true'] {
    border: 2px solid ${({ theme }) => theme.colors.danger};
  }
  .react-datepicker-wrapper {
    width: 100%;
  }
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const fieldErrorId = (id: string) => `${id}-error`;

/** Props every control of a field gets: id, and when in error, aria-invalid and aria-describedby. */
export function controlProps(id: string, error: string | null) {
  return {
    id,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': error ? fieldErrorId(id) : undefined,
  };
}

export function FormField({ id, label, error, wide = false, children }: { id: string; label: string; error: string | null; wide?: boolean; children: ReactNode }) {
  return (
    <Wrap $wide={wide}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <ErrorText id={fieldErrorId(id)} role="alert">
          {error}
        </ErrorText>
      )}
    </Wrap>
  );
}
