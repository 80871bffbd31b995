import type { ReactNode } from 'react';
import styled from 'styled-components';

/** Shared look of the signed-out screens (login, password reset): a friendly card on the page. */
export const Card = styled.section`
  width: 100%;
  max-width: 26rem;
  margin: ${({ theme }) => theme.space[6]}px auto;
  padding: ${({ theme }) => theme.space[6]}px ${({ theme }) => theme.space[5]}px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  border-top: 8px solid ${({ theme }) => theme.colors.brand};

  @media (max-width: 360px) {
    margin: ${({ theme }) => theme.space[3]}px auto;
    padding: ${({ theme }) => theme.space[5]}px ${({ theme }) => theme.space[4]}px;
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

const StudRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]}px;
  justify-content: center;
  margin-bottom: ${({ theme }) => theme.space[3]}px;
`;

const Stud = styled.span<{ $color: string }>`
  width: 18px;
  height: 18px;
  border-radius: 50%;
  background: ${({ $color }) => $color};
  box-shadow: inset 0 -3px 0 rgba(0, 0, 0, 0.18);
`;

/** Four brick studs: decoration only. */
export function Studs() {
  return (
    <StudRow aria-hidden="true">
      <Stud $color="#D62718" />
      <Stud $color="#FFC627" />
      <Stud $color="#0B5FB4" />
      <Stud $color="#1E7B34" />
    </StudRow>
  );
}

export const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  color: ${({ theme }) => theme.colors.text};
`;

export const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[5]}px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]}px;
`;

const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
`;

export const Label = styled.label`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const Input = styled.input`
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  width: 100%;

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.focus};
  }
`;

export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const FormAlert = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]}px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fdecea;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const FormSuccess = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]}px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: #e7f4ea;
  color: ${({ theme }) => theme.colors.leaf};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export const PrimaryButton = styled.button`
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[5]}px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.brand};
  color: #fff;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.brandDark};
  }
  &:disabled {
    opacity: 0.7;
    cursor: progress;
  }
`;

export const Links = styled.p`
  margin: 0;
  text-align: center;
`;

/** A labelled field whose error is tied to it (aria-describedby) and announced (role="alert"). */
export function Field({ id, label, error, children }: { id: string; label: string; error: string | null; children: ReactNode }) {
  return (
    <FieldBox>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error !== null && (
        <ErrorText id={`${id}-error`} role="alert">
          {error}
        </ErrorText>
      )}
    </FieldBox>
  );
}

/** Props that tie an input to its error message. */
export const describedBy = (id: string, error: string | null) =>
  error !== null ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : { 'aria-invalid': false as const };
