/** One child's mark: present, late or absent, as a labelled radio group of three big taps (arrow keys move between them). */
import styled from 'styled-components';
import { ATTENDANCE_MARKS, type AttendanceMark } from '../../../contract/meetings';
import { useMessages } from '../../shared/i18n/messages';
import { timetableMessages } from './timetable.messages';

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[1]}px;
  label {
    position: relative;
    display: flex;
    align-items: center;
    justify-content: center;
    min-height: 48px;
    padding: 0 ${({ theme }) => theme.space[1]}px;
    border: 2px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    text-align: center;
    cursor: pointer;
    overflow-wrap: anywhere;
  }
  input {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }
  label:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  label:has(input[value='present']:checked) {
    background: ${({ theme }) => theme.colors.leaf};
    border-color: ${({ theme }) => theme.colors.leaf};
    color: ${({ theme }) => theme.colors.surface};
  }
  label:has(input[value='late']:checked) {
    background: ${({ theme }) => theme.colors.accent};
    border-color: ${({ theme }) => theme.colors.accent};
    color: ${({ theme }) => theme.colors.surface};
  }
  label:has(input[value='absent']:checked) {
    background: ${({ theme }) => theme.colors.danger};
    border-color: ${({ theme }) => theme.colors.danger};
    color: ${({ theme }) => theme.colors.surface};
  }
`;

export function MarkChoices({
  studentId,
  labelledBy,
  describedBy,
  mark,
  onMark,
}: {
  studentId: number;
  labelledBy: string;
  /** The suggestion's hint, when there is one. */
  describedBy?: string;
  mark: AttendanceMark | null;
  onMark: (mark: AttendanceMark) => void;
}) {
  const t = useMessages(timetableMessages);
  return (
    <Row role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {ATTENDANCE_MARKS.map((choice) => (
        <label key={choice}>
          <input type="radio" name={`mark-${studentId}`} value={choice} checked={mark === choice} onChange={() => onMark(choice)} />
          {t[choice]}
        </label>
      ))}
    </Row>
  );
}
