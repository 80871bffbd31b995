/**
 * Which class the class view shows: one of the owner's classes (the one meeting now is marked) or
 * all her students. The choice goes into the URL (?class=), so a reload or a shared link keeps it.
 */
import { useId } from 'react';
import styled from 'styled-components';
import type { ClassNowClassChoice } from '../../../contract/classNow';
import { FormField } from '../../shared/ui/Field';
import { useMessages } from '../../shared/i18n/messages';
import { classNowMessages } from './classNow.messages';

export const ALL_STUDENTS = 'all';

const Wrap = styled.div`
  max-width: 24rem;
  margin-bottom: ${({ theme }) => theme.space[4]}px;
`;

export function ClassPicker({ classes, classId, onChoose }: { classes: ClassNowClassChoice[]; classId: number | null; onChoose: (choice: string) => void }) {
  const id = useId();
  const t = useMessages(classNowMessages);
  // A site without classes (a plain WordPress site, or an owner who made none) shows the class as it always did.
  if (classes.length === 0 && classId === null) return null;
  return (
    <Wrap>
      <FormField id={id} label={t.showing} error={null}>
        <select id={id} value={classId === null ? ALL_STUDENTS : String(classId)} onChange={(event) => onChoose(event.target.value)}>
          {classes.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.meetingNow ? t.meetingNow({ name: c.name }) : c.name}
            </option>
          ))}
          <option value={ALL_STUDENTS}>{t.allMyStudents}</option>
        </select>
      </FormField>
    </Wrap>
  );
}
