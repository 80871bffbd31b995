import { useState } from 'react';
import styled from 'styled-components';
import { CLASS_LIMITS } from '../../../contract/classes';
import { useMessages } from '../../shared/i18n/messages';
import { controlLook, ErrorText, fieldErrorId } from '../../shared/ui/Field';
import { classesMessages } from './classes.messages';
import type { ChoiceStudent } from './classesSlice';

const Box = styled.fieldset`
  grid-column: 1 / -1;
  margin: 0;
  padding: ${({ theme }) => theme.space[3]}px;
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  min-width: 0;
  legend {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    padding: 0 ${({ theme }) => theme.space[1]}px;
  }
  input[type='search'] {
    ${controlLook}
  }
  ul {
    list-style: none;
    margin: ${({ theme }) => theme.space[2]}px 0 0;
    padding: 0;
    max-height: 18rem;
    overflow-y: auto;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 12rem), 1fr));
  }
  li label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]}px;
    min-height: ${({ theme }) => theme.touchTarget}px;
    overflow-wrap: anywhere;
  }
  p {
    margin: ${({ theme }) => theme.space[1]}px 0;
  }
`;

/** The owner's students as a checklist, narrowed by what is typed in the search box. */
export function StudentPicker({
  students,
  chosen,
  onChange,
  error,
  disabledNote,
}: {
  students: ChoiceStudent[];
  chosen: number[];
  onChange: (ids: number[]) => void;
  error: string | null;
  /** Shown instead of the list (an administrator has not chosen the owner yet). */
  disabledNote: string | null;
}) {
  const t = useMessages(classesMessages);
  const [search, setSearch] = useState('');
  const words = search.trim().toLocaleLowerCase();
  const shown = words === '' ? students : students.filter((s) => s.name.toLocaleLowerCase().includes(words));
  const toggle = (id: number, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((other) => other !== id));
  return (
    <Box aria-describedby={error ? fieldErrorId('class-studentIds') : undefined}>
      <legend>{t.students}</legend>
      {disabledNote ? (
        <p>{disabledNote}</p>
      ) : (
        <>
          <label htmlFor="class-studentIds">{t.searchStudents}</label>
          <input id="class-studentIds" type="search" value={search} onChange={(event) => setSearch(event.target.value)} aria-invalid={error ? true : false} />
          <p aria-live="polite">{t.chosenCount({ chosen: chosen.length, max: CLASS_LIMITS.maxStudents })}</p>
          {shown.length === 0 ? (
            <p>{t.noStudentsFound}</p>
          ) : (
            <ul>
              {shown.map((student) => (
                <li key={student.id}>
                  <label>
                    <input type="checkbox" checked={chosen.includes(student.id)} onChange={(event) => toggle(student.id, event.target.checked)} />
                    <span translate="no">{student.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {error && (
        <ErrorText id={fieldErrorId('class-studentIds')} role="alert">
          {error}
        </ErrorText>
      )}
    </Box>
  );
}
