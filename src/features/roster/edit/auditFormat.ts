/** The audit log in words: actions, field names and values as the office reads them. */
import { formatCalendarDate } from '../formatting';

export const ACTION_LABELS: Record<string, string> = {
  'student.edit': 'Edited',
  'student.end': 'Ended lessons',
  'student.reactivate': 'Re-activated',
  'student.move': 'Moved to another owner',
  'student.password_reset': 'Reset the password',
  'student.sign_in_mail': 'Re-sent the sign-in mail',
  'student.import': 'Imported',
  'student.erase': 'Erased',
  'student.anonymise': 'Anonymised',
  'user.password_change': 'Changed their password',
  'user.terms_accept': 'Accepted the terms',
};

export const actionLabel = (action: string): string => ACTION_LABELS[action] ?? action;

const FIELD_LABELS: Record<string, string> = {
  student_first_name: 'First name',
  student_last_name: 'Last name',
  parent_name: 'Parent',
  parent_email: 'Parent e-mail',
  phone: 'Phone',
  program: 'Program',
  lessons_start_date: 'Start date',
  lessons_end_date: 'End date',
  number_of_lessons: 'Lessons',
  teacher_id: 'Franchise owner',
  sign_in_disabled: 'Sign-in',
  country: 'Country',
  state: 'State',
  territory: 'Territory',
};

export const fieldLabel = (field: string): string => FIELD_LABELS[field] ?? field.replace(/_/g, ' ');

/** A value as the table shows it; `ownerName` names an owner id. */
export function formatValue(field: string, value: unknown, ownerName: (id: number) => string | undefined): string {
  if (value === undefined || value === null || value === '') return '—';
  if (field === 'sign_in_disabled') return value === true ? 'disabled' : 'enabled';
  if (field === 'teacher_id' && typeof value === 'number') return ownerName(value) ?? `#${value}`;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDate(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Each changed field as "Phone: 050… → 052…". */
export function describeChanges(before: Record<string, unknown>, after: Record<string, unknown>, ownerName: (id: number) => string | undefined): string[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => `${fieldLabel(field)}: ${formatValue(field, before[field], ownerName)} → ${formatValue(field, after[field], ownerName)}`);
}

/** An ISO time in the viewer's local time, e.g. "Nov 23, 2026, 18:20". */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
