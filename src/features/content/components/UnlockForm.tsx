import { useId } from 'react';
import styled from 'styled-components';
import { MODEL_CODE_LENGTH } from '../../../shared/constants';
import { browserOnline, NEEDS_INTERNET } from '../../../shared/failureMessage';
import type { UnlockUiState } from '../contentSlice';
import { VisuallyHidden } from '../../../shared/ui/VisuallyHidden';
import { useMessages } from '../../../shared/i18n/messages';
import { modelListMessages } from '../content.messages';
import { useFormatters, type Formatters } from '../../../shared/i18n/formatting';
import { PSEUDO_LANGUAGE } from '../../../shared/i18n/i18n';

const Form = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  width: 100%;
`;

const Label = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
  text-align: center;
`;

/** A small padlock: this model is still locked (decoration; the label says what to do). */
function Padlock() {
  return (
    <svg aria-hidden="true" focusable="false" width="18" height="20" viewBox="0 0 18 20">
      <path d="M4.5 9V6a4.5 4.5 0 0 1 9 0v3" fill="none" stroke="#4F4B57" strokeWidth="2.2" />
      <rect x="1" y="8.5" width="16" height="11" rx="3" fill="#FFC627" stroke="#1C1B1F" strokeWidth="1.2" />
      <circle cx="9" cy="13.5" r="1.8" fill="#1C1B1F" />
    </svg>
  );
}

const Input = styled.input<{ $invalid: boolean }>`
  width: 9ch;
  min-height: ${({ theme }) => theme.touchTarget + 4}px;
  padding: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[2]}px;
  border: 3px solid ${({ $invalid, theme }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  letter-spacing: 0.3em;
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  &:read-only {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

const Message = styled.p<{ $tone: 'error' | 'info' }>`
  min-height: 1.5em;
  margin: 0;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ $tone, theme }) => ($tone === 'error' ? theme.colors.danger : theme.colors.textMuted)};
  text-align: center;
`;

/** The time a throttled child may try again, as the shown language writes a time of day. */
export const formatRetryTime = (iso: string, language: string): string =>
  new Date(iso).toLocaleTimeString(language === PSEUDO_LANGUAGE ? 'en' : language, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

type ModelTexts = ReturnType<typeof modelListMessages.get>;

function messageOf(ui: UnlockUiState, t: ModelTexts, formatters: Formatters): { text: string; tone: 'error' | 'info' } {
  if (ui.status === 'checking') return { text: t.checkingCode, tone: 'info' };
  if (ui.status === 'throttled' && ui.retryAt) {
    return { text: t.tooManyTries({ time: formatRetryTime(ui.retryAt, formatters.language) }), tone: 'error' };
  }
  if (ui.message === 'wrong') return { text: t.wrongCode, tone: 'error' };
  if (ui.message === 'error') return { text: browserOnline() ? t.couldNotCheckCode : NEEDS_INTERNET, tone: 'error' };
  return { text: '', tone: 'info' };
}

/**
 * A locked model's code input: digits only, at most 4, checked as soon as 4 are typed.
 * The outcome is announced through a polite live region; the input stays focusable (read-only
 * while a check or the shake runs) so a keyboard user keeps their place.
 */
export function UnlockForm({
  modelTitle,
  ui,
  onCodeChange,
  inputRef,
}: {
  modelTitle: string;
  ui: UnlockUiState;
  onCodeChange: (code: string) => void;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const id = useId();
  const inputId = `${id}-code`;
  const messageId = `${id}-message`;
  const t = useMessages(modelListMessages);
  const formatters = useFormatters();
  const { text, tone } = messageOf(ui, t, formatters);
  const busy = ui.status !== 'locked';
  return (
    <Form>
      <Label htmlFor={inputId}>
        <Padlock />
        <span>
          {t.enterCode({ length: MODEL_CODE_LENGTH })}
          <VisuallyHidden> {t.enterCodeFor({ title: modelTitle })}</VisuallyHidden>
        </span>
      </Label>
      <Input
        ref={inputRef}
        id={inputId}
        name="model-code"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={MODEL_CODE_LENGTH}
        value={ui.code}
        readOnly={busy}
        aria-invalid={ui.message === 'wrong'}
        aria-describedby={messageId}
        $invalid={ui.status === 'wrong' || ui.message === 'wrong'}
        onChange={(event) => onCodeChange(event.target.value)}
      />
      <Message id={messageId} role="status" aria-live="polite" $tone={tone}>
        {text}
      </Message>
    </Form>
  );
}
