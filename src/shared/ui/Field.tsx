/** Form fields: a label, the control, and its error tied to it (aria-describedby, aria-invalid, role=alert). */
import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';
import styled, { css } from 'styled-components';

/** A single column of fields (the sign-in screens). */
export const FormStack = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]}px;
`;

/** The look of a text input or select, also used by the date picker's input. */
export const controlLook = css`
  width: 100%;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.focus};
  }
`;

/** A box for a few lines of text (a note, a message): the fields' look, taller, grown by the user downwards. */
export const TextArea = styled.textarea<{ $rows?: number }>`
  ${controlLook}
  min-height: ${({ $rows = 7 }) => $rows}rem;
  resize: vertical;
`;

/** A select as wide as its longest choice (a language, a frequency), never wider than its row. */
export const CompactSelect = styled.select`
  ${controlLook}
  width: auto;
  max-width: 100%;
`;

export const Input = styled.input`
  ${controlLook}
`;

const Wrap = styled.div<{ $wide: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
  grid-column: ${({ $wide }) => ($wide ? '1 / -1' : 'auto')};
  > label {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    color: ${({ theme }) => theme.colors.text};
  }
  > input:not([type='checkbox']):not([type='radio']),
  > select {
    ${controlLook}
  }
`;

export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const fieldErrorId = (id: string) => `${id}-error`;

/** Props every control of a field gets: its id, aria-invalid, and when in error aria-describedby. */
export function controlProps(id: string, error: string | null) {
  return {
    id,
    'aria-invalid': error ? (true as const) : (false as const),
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

type TextFieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'value' | 'onChange'> & {
  id: string;
  label: string;
  error: string | null;
  wide?: boolean;
  value: string;
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/** For what is typed to the letter (user names, e-mail addresses): no auto-capitals, no spell check. */
export const verbatimInput = { autoCapitalize: 'none', spellCheck: false } as const;

/** A labelled text input whose error is tied to it; every other input attribute passes through. */
export function TextField({ id, label, error, wide, onValueChange, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} wide={wide}>
      <Input {...input} onChange={(event) => onValueChange(event.target.value)} {...controlProps(id, error)} />
    </FormField>
  );
}
