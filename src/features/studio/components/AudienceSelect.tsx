/** A program's audience: students and teachers, teachers only, or hidden (only the studio). */
import styled from 'styled-components';
import { PROGRAM_AUDIENCES, type ProgramAudience } from '../../../../contract/studio';
import { useMessages } from '../../../shared/i18n/messages';
import { controlLook } from '../../../shared/ui/Field';
import { audienceMessages } from '../audience.messages';

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
  label {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  select {
    ${controlLook}
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/** `label`: the visible label, or (in a list row) a name for screen readers only, e.g. "Who sees Robotics 1". */
export function AudienceSelect({ id, value, onChange, hint = false, label }: { id: string; value: ProgramAudience; onChange: (audience: ProgramAudience) => void; hint?: boolean; label?: string }) {
  const t = useMessages(audienceMessages);
  return (
    <Field>
      {label === undefined && <label htmlFor={id}>{t.audienceLabel}</label>}
      <select id={id} aria-label={label} aria-describedby={hint ? `${id}-hint` : undefined} value={value} onChange={(event) => onChange(event.target.value as ProgramAudience)}>
        {PROGRAM_AUDIENCES.map((audience) => (
          <option key={audience} value={audience}>
            {t[audience]}
          </option>
        ))}
      </select>
      {hint && <p id={`${id}-hint`}>{t.audienceHint}</p>}
    </Field>
  );
}
