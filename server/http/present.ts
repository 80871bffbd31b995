/** Database rows in the wire shapes of src/api/wire.ts: ids and counts as strings, as WordPress sends them. */
import type { WireStudent, WireUser } from '../../src/api/wire';
import type { StudentRow, UserRow } from '../db/schema';

export function toWireUser(u: UserRow): WireUser {
  return {
    user_id: String(u.id),
    role: u.role,
    FirstName: u.first_name,
    LastName: u.last_name,
    Email: u.email,
    Country: u.country,
    State: u.state,
    Territory: u.territory,
    teacher_id: u.teacher_id === null ? '' : String(u.teacher_id),
  };
}

export function toWireStudent(s: StudentRow): WireStudent {
  return {
    user_id: String(s.user_id),
    teacher_id: String(s.teacher_id),
    student_first_name: s.student_first_name,
    student_last_name: s.student_last_name,
    parent_name: s.parent_name,
    parent_email: s.parent_email,
    phone: s.phone,
    program: s.program,
    lessons_start_date: s.lessons_start_date,
    lessons_end_date: s.lessons_end_date,
    number_of_lessons: String(s.number_of_lessons),
  };
}
